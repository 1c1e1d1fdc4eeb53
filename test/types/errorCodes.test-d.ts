import { describe, expectTypeOf, it } from 'vitest';
import type { ErrorPayload, SvcCodedError, SvcDashboardProps, SvcErrorCode, SvcErrorPayload } from '../../src/index.js';
import { parseFilterParameter } from '../../src/protocol/index.js';
import type { SvcApiError, SvcInputError, SvcUnauthorizedError } from '../../src/server/index.js';

describe('error codes', () => {
  it('are a closed set of SVC codes, so a typo in a comparison does not compile', () => {
    expectTypeOf<'SVC103'>().toExtend<SvcErrorCode>();
    expectTypeOf<'SVC999'>().not.toExtend<SvcErrorCode>();
    const code = 'SVC305' as SvcErrorCode;
    // @ts-expect-error: no such code, so the comparison could never be true
    if (code === 'SVC999') throw new Error('unreachable');
  });

  it('are on thrown errors, server errors and failed filter parses', () => {
    expectTypeOf<SvcCodedError['code']>().toEqualTypeOf<SvcErrorCode>();
    expectTypeOf<SvcApiError['code']>().toEqualTypeOf<SvcErrorCode>();
    expectTypeOf<SvcUnauthorizedError['code']>().toEqualTypeOf<SvcErrorCode>();
    expectTypeOf<SvcInputError['code']>().toEqualTypeOf<SvcErrorCode>();
    const parsed = parseFilterParameter('x');
    if (!parsed.ok) expectTypeOf(parsed.code).toEqualTypeOf<SvcErrorCode>();
  });

  it('tell the library’s own failures from the embed’s errors in onError', () => {
    const handle = (error: ErrorPayload | SvcErrorPayload): SvcErrorCode | undefined => ('code' in error ? error.code : undefined);
    expectTypeOf(handle).returns.toEqualTypeOf<SvcErrorCode | undefined>();
    expectTypeOf<SvcErrorPayload>().toExtend<ErrorPayload>();
  });

  it('are on every error onError receives: the library codes the embed’s own errors too', () => {
    expectTypeOf<Parameters<NonNullable<SvcDashboardProps['onError']>>[0]['code']>().toEqualTypeOf<SvcErrorCode>();
  });
});
