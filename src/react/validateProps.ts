import { COLOR_SCHEMES, navigatePathCheck } from '../protocol/actionPayloads.js';
import { embedThemeCheck } from '../protocol/embedTheme.js';
import { encodeFilterParameter } from '../protocol/encodeFilterParameter.js';
import { runCheck } from '../protocol/fieldChecks.js';
import { isWellFormedLocale, resolveLocale } from '../protocol/resolveLocale.js';
import { isWellFormedTimezone } from '../protocol/resolveTimezone.js';
import { warnIgnoredTimezone } from '../protocol/warnIgnoredTimezone.js';
import type { ControlledValues } from '../controller/createControlledSync.js';
import type { EmbedSettings } from '../controller/EmbedOptions.js';
import { isDevelopment } from '../protocol/isDevelopment.js';
import type { SvcErrorNumber } from '../protocol/SvcErrorCode.js';
import { errorText, svcError, withSubject } from '../protocol/svcError.js';

const warnedLocales = new Set<string>();

/**
 * Checks the controlled props at render time, so a bad value fails where it is written, with the
 * component and prop named, instead of inside an effect.
 *
 * @throws TypeError naming the component and the prop, coded `SVC201` (`SVC117` for a locale, `SVC121` for a time
 * zone, `SVC130` or `SVC131` for a filter).
 */
export function validateControlledProps(component: string, values: ControlledValues): void {
  // Production keeps the component and the prop; development adds what was expected.
  const fail = (code: SvcErrorNumber, prop: string, reason: string | false): never => {
    throw svcError(code, `<${component}> prop "${prop}": ${reason || 'invalid value'}`);
  };
  if (values.colorScheme !== undefined && !COLOR_SCHEMES.includes(values.colorScheme)) {
    fail(201, 'colorScheme', isDevelopment && `expected "light", "dark" or "auto", got ${JSON.stringify(String(values.colorScheme))}.`);
  }
  if (values.theme !== undefined) {
    const result = runCheck(embedThemeCheck, values.theme, 'theme');
    if (!result.ok) fail(201, 'theme', `${result.reason}.`);
  }
  if (values.locale !== undefined) {
    if (!isWellFormedLocale(values.locale)) {
      fail(117, 'locale', isDevelopment && `${JSON.stringify(String(values.locale))} is not a BCP 47 language tag such as "en-US" or "de".`);
    }
    if (isDevelopment && resolveLocale(values.locale) === null && !warnedLocales.has(values.locale)) {
      warnedLocales.add(values.locale);
      console.warn(errorText(205, `<${component}> prop "locale": the platform does not ship "${values.locale}" and will ignore it.`));
    }
  }
  if (values.timezone !== undefined) {
    if (!isWellFormedTimezone(values.timezone)) {
      fail(121, 'timezone', isDevelopment && `${JSON.stringify(String(values.timezone))} is not a time zone name such as "America/New_York".`);
    }
    if (isDevelopment) warnIgnoredTimezone(`<${component}> prop "timezone"`, values.timezone);
  }
  if (values.filters !== undefined) {
    if (typeof values.filters !== 'object' || values.filters === null || Array.isArray(values.filters)) {
      fail(201, 'filters', isDevelopment && 'expected an object of filters by "<semantic_view>.<dimension>".');
    }
    for (const [key, value] of Object.entries(values.filters)) {
      if (value === undefined) continue;
      try {
        encodeFilterParameter(key, value);
      } catch (error) {
        // The filter's own refusal (SVC130, SVC131), with the component and prop named after its code.
        (error as Error).message = withSubject((error as Error).message, `<${component}> prop "filters":`);
        throw error;
      }
    }
  }
  if (values.path !== undefined) {
    const result = runCheck(navigatePathCheck, values.path, 'path');
    if (!result.ok) fail(201, 'path', `${result.reason}.`);
  }
}

/**
 * The first problem with an embed component's props, found at render time in development (production leaves
 * these checks out; the controller and the protocol still refuse what they must, coded). Returned, never
 * thrown: a bad prop becomes the embed's failure, never a crash of the page around it.
 *
 * @returns the coded error (`SVC101` for a missing tenant origin, `SVC202` for a `keepAlive` that is not one,
 * or as {@link validateControlledProps} throws it); undefined when the props are fine
 * @example
 * const problem = isDevelopment ? findPropProblem('SvcDashboard', props) : undefined;
 */
export function findPropProblem(component: string, props: EmbedSettings & ControlledValues): Error | undefined {
  try {
    if (props.tenantOrigin === undefined) throw svcError(101, `<${component}> prop "tenantOrigin": missing; give it as a prop or on a surrounding <SvcProvider>.`);
    if (props.keepAlive !== undefined && typeof props.keepAlive !== 'object') {
      throw svcError(202, `<${component}> prop "keepAlive": pass keepAlive from 'svc-embed-react/keep-alive' (import { keepAlive } from 'svc-embed-react/keep-alive').`);
    }
    validateControlledProps(component, props);
    return undefined;
  } catch (error) {
    return error as Error;
  }
}
