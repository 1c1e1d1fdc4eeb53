/**
 * The number of every error code of this library, grouped by area: 1xx addresses, filters and actions,
 * 2xx React components and hooks, 3xx embed sessions, 4xx keep-alive, 5xx the server client, 6xx the testing
 * entry, 7xx the tenant bridge, 8xx the command line and the emulator's options, 9xx the developer tools. A
 * code names one rule and keeps its meaning across versions; the Troubleshooting page explains each one at the anchor `#svc<number>`.
 */
export type SvcErrorNumber =
  | 101 | 102 | 103 | 104
  | 110 | 111 | 112 | 113 | 114 | 115 | 116 | 117 | 118 | 119 | 120 | 121 | 122
  | 130 | 131 | 132 | 133
  | 140 | 141 | 142
  | 201 | 202 | 203 | 204 | 205
  | 301 | 302 | 303 | 304 | 305 | 306 | 307 | 308 | 309 | 310
  | 401 | 402
  | 500 | 501 | 502 | 503 | 504 | 505 | 506 | 507 | 508 | 510 | 511 | 512 | 513 | 514 | 515 | 516 | 517 | 518
  | 601 | 602 | 603 | 604 | 605 | 606 | 607 | 608 | 609 | 610
  | 701 | 702 | 703 | 704 | 710 | 711 | 712
  | 801 | 802 | 803 | 804 | 805 | 806 | 807 | 808 | 809
  | 901;

/**
 * A stable error code such as `SVC103`: every error this library throws or reports carries one as `code`, and
 * its own messages start with it (an error the embed reported keeps its words, under `SVC310`), so an app can
 * branch on the code instead of the wording (which may change).
 */
export type SvcErrorCode = `SVC${SvcErrorNumber}`;
