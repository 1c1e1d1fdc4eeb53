/** The file of a finished dashboard export. */
export interface DashboardExportFile {
  /** `image/png` or `application/pdf`. */
  readonly contentType: string;
  /**
   * A file name to offer the viewer, from the platform's `Content-Disposition` (else `<publicId>.<format>`),
   * reduced to letters, digits, `.`, `-` and `_` so it is safe in a header of your own.
   */
  readonly fileName: string;
  /**
   * The file as a stream, to pass on without holding it in memory (`new Response(file.body, ...)`). Read
   * either this or {@link DashboardExportFile.bytes}, once.
   */
  readonly body: ReadableStream<Uint8Array>;
  /** The whole file, read within the client's `maxResponseBytes`. */
  bytes(): Promise<Uint8Array>;
}
