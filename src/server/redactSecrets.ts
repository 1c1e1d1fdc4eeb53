/**
 * The server client's redaction is the package's shared credential redaction (`src/credentials/`); the
 * transport and the AI stream import it from here. The client uses its text rules, in linear time: known
 * secrets in every echoed form and in hex or base64, the credential of an `Authorization` header of any
 * scheme, `Bearer`/`Basic`/`Api-Key` values, user-info passwords and JSON Web Tokens. It leaves out the
 * removal of named values (`session=`, `"token":`): it redacts successful answers too, whose session ids and
 * signed addresses are what the app asked for.
 */
export { createRedactor, REDACTED } from '../credentials/createRedactor.js';
export { redactValue } from '../credentials/redactValue.js';
