/**
 * The server client's redaction is the package's shared credential scrubber (`src/credentials/`); the
 * transport and the AI stream import it from here. The client uses its text pass (known secrets in every echoed
 * form, scheme values, JSON Web Tokens) and not the removal of named values (`session=`, `"token":`): it
 * redacts successful answers too, whose session ids and signed addresses are what the app asked for.
 */
export { createRedactor, REDACTED } from '../credentials/createRedactor.js';
export { redactValue } from '../credentials/redactValue.js';
