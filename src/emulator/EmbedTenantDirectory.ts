import type { GroupDefinition, UserAttributeDefinition } from '../api/embedSession.js';
import type { EmbedTenantGroup, EmbedTenantUserAttribute } from '../api/embedTenantAdmin.js';
import { EmulatorHttpError } from './EmulatorHttpError.js';

/** The page size of the admin lists when `first` is left out, and the largest one. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

/** The creation number in an id such as `grp_12`: ids are numbered in the order they were made. */
const creationNumber = (id: string): number => Number(id.slice(id.indexOf('_') + 1));

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

  /**
   * One page of a list, in creation order. The cursor is the creation number of the page's last item, so
   * paging carries on correctly when items are deleted between pages.
   */
  list(name: string, list: 'groups' | 'attributes', first: number, after: string | undefined): { items: unknown[]; nextCursor: string | null } {
    let from = 0;
    if (after !== undefined) {
      const match = /^c_([1-9][0-9]{0,9})$/.exec(after);
      if (!match) throw new EmulatorHttpError(400, 'after: not a cursor of this list (pass the nextCursor of the page before)');
      from = Number(match[1]);
    }
    const items = [...(this.tenants.get(name)?.[list].values() ?? [])].filter((item) => creationNumber(item.id) > from);
    const page = items.slice(0, first);
    const last = page.at(-1);
    return { items: page, nextCursor: items.length > first && last ? `c_${creationNumber(last.id)}` : null };
  }

  /** Deletes one item; 404 when the tenant has no such item. */
  remove(name: string, list: 'groups' | 'attributes', id: string): void {
    if (!this.tenants.get(name)?.[list].delete(id)) {
      throw new EmulatorHttpError(404, `embed tenant "${name}" has no ${list === 'groups' ? 'group' : 'user attribute'} "${id.slice(0, 80)}"`);
    }
  }
}
