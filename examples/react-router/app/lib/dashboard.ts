/** The dashboard every page of the example embeds (published by the emulator at start). */
export const DASHBOARD_PUBLIC_ID = 'sales-overview';
