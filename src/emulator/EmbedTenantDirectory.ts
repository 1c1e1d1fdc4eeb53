import type { GroupDefinition, UserAttributeDefinition } from '../api/embedSession.js';
import type { EmbedTenantGroup, EmbedTenantUserAttribute } from '../api/embedTenantAdmin.js';
import { EmulatorHttpError } from './EmulatorHttpError.js';

/** The page size of the admin lists when `first` is left out, and the largest one. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

/** One embed tenant's creator-mode groups and user attribute definitions, in creation order. */
interface TenantRecords {
  readonly groups: Map<string, EmbedTenantGroup>;
  readonly attributes: Map<string, EmbedTenantUserAttribute>;
}

/**
 * The creator-mode definitions of every embed tenant, as generate-session bootstraps them and the admin API
 * lists and deletes them. A definition that exists already is updated in place (its id stays); a user
 * attribute's type never changes.
 */
export class EmbedTenantDirectory {
  private readonly tenants = new Map<string, TenantRecords>();
  private nextId = 1;

  private tenant(name: string): TenantRecords {
    let records = this.tenants.get(name);
    if (!records) {
      records = { groups: new Map(), attributes: new Map() };
      this.tenants.set(name, records);
    }
    return records;
  }

  /**
   * Applies a session's bootstrap: every check first (a type change is a 400 "cannot change type"), then
   * every change, so a refused call leaves the tenant as it was.
   */
  bootstrap(name: string, groups: readonly GroupDefinition[], attributes: readonly UserAttributeDefinition[]): void {
    const records = this.tenant(name);
    const byName = new Map([...records.attributes.values()].map((a) => [a.name, a]));
    for (const definition of attributes) {
      const existing = byName.get(definition.name);
      if (existing && existing.type !== definition.type) {
        throw new EmulatorHttpError(
          400,
          `userAttributeDefinitions: "${definition.name.slice(0, 40)}" is defined as ${existing.type} in embed tenant "${name}" and cannot change type to ${definition.type}; delete it first`,
        );
      }
    }
    const groupsByName = new Map([...records.groups.values()].map((g) => [g.name, g]));
    for (const definition of groups) {
      const id = groupsByName.get(definition.name)?.id ?? `grp_${this.nextId++}`;
      records.groups.set(id, { id, name: definition.name, description: definition.description ?? null });
    }
    for (const definition of attributes) {
      const id = byName.get(definition.name)?.id ?? `uat_${this.nextId++}`;
      records.attributes.set(id, {
        id,
        name: definition.name,
        type: definition.type,
        displayName: definition.displayName ?? null,
        description: definition.description ?? null,
        ...(definition.defaultValue === undefined ? {} : { defaultValue: definition.defaultValue }),
      });
    }
  }

  /** The type of a user attribute the tenant defines, if it does. */
  attributeType(name: string, attribute: string): EmbedTenantUserAttribute['type'] | undefined {
    for (const record of this.tenants.get(name)?.attributes.values() ?? []) if (record.name === attribute) return record.type;
    return undefined;
  }

  /** One page of a list: `after` is the id of the last item of the page before (the cursor). */
  list(name: string, list: 'groups' | 'attributes', first: number, after: string | undefined): { items: unknown[]; nextCursor: string | null } {
    const items = [...(this.tenants.get(name)?.[list].values() ?? [])];
    let start = 0;
    if (after !== undefined) {
      const index = items.findIndex((item) => item.id === after);
      if (index < 0) throw new EmulatorHttpError(400, 'after: not a cursor of this list');
      start = index + 1;
    }
    const page = items.slice(start, start + first);
    const more = start + first < items.length;
    return { items: page, nextCursor: more && page.length > 0 ? (page.at(-1)?.id ?? null) : null };
  }

  /** Deletes one item; 404 when the tenant has no such item. */
  remove(name: string, list: 'groups' | 'attributes', id: string): void {
    if (!this.tenants.get(name)?.[list].delete(id)) {
      throw new EmulatorHttpError(404, `embed tenant "${name}" has no ${list === 'groups' ? 'group' : 'user attribute'} "${id.slice(0, 80)}"`);
    }
  }
}
