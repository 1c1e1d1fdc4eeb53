import type { EmulatorDataset } from './EmulatorBootConfig.js';
import { prng } from './prng.js';

/** A workbook of the emulated workspace. */
export interface EmulatorWorkbook {
  readonly id: number;
  readonly deploymentId: number;
  readonly name: string;
  readonly folderId: number | null;
}

/** A folder of the emulated workspace. */
export interface EmulatorFolder {
  readonly id: number;
  readonly deploymentId: number;
  readonly name: string;
}

/** A SCIM user of the emulated account. */
export interface EmulatorUser {
  readonly id: string;
  readonly userName: string;
  readonly name: { readonly givenName: string; readonly familyName: string };
  readonly active: boolean;
}

/** A branch of a deployment: queries of a session run against one; only a served branch can be picked. */
export interface EmulatorBranch {
  readonly name: string;
  /** Whether the branch is served (a session for a branch that is not answers 400). */
  readonly served: boolean;
}

/** The workspace an emulator starts with. */
export interface SeedWorkspace {
  readonly deployments: readonly { readonly id: number; readonly name: string; readonly region: string }[];
  /** The branches every deployment has: `main` and `staging` served, `archived` not. The default is `main`. */
  readonly branches: readonly EmulatorBranch[];
  readonly folders: readonly EmulatorFolder[];
  readonly workbooks: readonly EmulatorWorkbook[];
  readonly users: readonly EmulatorUser[];
  readonly dataset: EmulatorDataset;
  /** The workbook whose dashboard is published at start (public id `sales-overview`). */
  readonly publishedWorkbookId: number;
  /** A workbook not published yet. */
  readonly unpublishedWorkbookId: number;
}

const STATUSES = ['completed', 'completed', 'completed', 'shipped', 'processing', 'cancelled'];
const REGIONS = ['EU', 'US', 'APAC', 'LATAM'];
const CATEGORIES = ['Electronics', 'Furniture', 'Toys', 'Books', 'Garden'];
const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Margaret', 'Ken', 'Radia', 'Tim'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Hamilton', 'Thompson', 'Perlman', 'Berners-Lee'];

/** Builds the seeded workspace: two deployments, folders, workbooks, 25 users and 200 sample orders. */
export function seedWorkspace(): SeedWorkspace {
  const rand = prng(42);
  const rows = Array.from({ length: 200 }, (_, i) => {
    const day = 1 + Math.floor(rand() * 180);
    const date = new Date(Date.UTC(2026, 0, day));
    return {
      order_id: 1000 + i,
      status: STATUSES[Math.floor(rand() * STATUSES.length)] as string,
      region: REGIONS[Math.floor(rand() * REGIONS.length)] as string,
      category: CATEGORIES[Math.floor(rand() * CATEGORIES.length)] as string,
      order_date: date.toISOString().slice(0, 10),
      revenue: Math.round((20 + rand() * 980) * 100) / 100,
    };
  });
  const users = Array.from({ length: 25 }, (_, i) => {
    const givenName = FIRST[i % FIRST.length] as string;
    const familyName = LAST[(i * 3) % LAST.length] as string;
    return {
      id: `user-${String(i + 1).padStart(3, '0')}`,
      userName: `${givenName}.${familyName}${i >= 10 ? i : ''}@example.com`.toLowerCase(),
      name: { givenName, familyName },
      active: i % 7 !== 6,
    };
  });
  return {
    deployments: [
      { id: 42, name: 'Production', region: 'eu-west-1' },
      { id: 43, name: 'Staging', region: 'eu-west-1' },
    ],
    branches: [
      { name: 'main', served: true },
      { name: 'staging', served: true },
      { name: 'archived', served: false },
    ],
    folders: [
      { id: 7, deploymentId: 42, name: 'Sales' },
      { id: 8, deploymentId: 42, name: 'Operations' },
      { id: 9, deploymentId: 43, name: 'Sandbox' },
    ],
    workbooks: [
      { id: 130, deploymentId: 42, name: 'Sales overview', folderId: 7 },
      { id: 131, deploymentId: 42, name: 'Regional performance', folderId: 7 },
      { id: 132, deploymentId: 42, name: 'Fulfilment', folderId: 8 },
      { id: 140, deploymentId: 43, name: 'Scratchpad', folderId: 9 },
    ],
    users,
    dataset: {
      view: 'orders',
      dimensions: ['status', 'region', 'category', 'order_date'],
      measures: ['count', 'revenue'],
      rows,
    },
    publishedWorkbookId: 130,
    unpublishedWorkbookId: 131,
  };
}
