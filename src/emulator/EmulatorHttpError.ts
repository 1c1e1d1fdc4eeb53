/** Why a request could not be served: an HTTP status and a reason. */
export class EmulatorHttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 500,
    message: string,
  ) {
    super(message);
  }
}
