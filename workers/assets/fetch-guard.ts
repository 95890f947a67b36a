import { decoderResponse } from './decoder-files';

/**
 * MediaPipe's bundle posts usage telemetry to a Google endpoint every 60 s. The product promises
 * that nothing leaves the device, so the worker's fetch only reaches the app's own asset origins.
 * A refused request makes the telemetry logger give up and clear its timer. Requests for the
 * glTF decoders are answered with checked bytes (decoder-files.ts). Refusals and the worker's
 * own CSP violations are logged, so the privacy test can see both (tests/e2e/privacy.e2e.ts).
 */
export function installFetchGuard(allowedOrigins: readonly string[]): void {
  self.addEventListener('securitypolicyviolation', (event) => {
    const { violatedDirective, blockedURI } = event as SecurityPolicyViolationEvent;
    console.warn(`[privacy] CSP violation: ${violatedDirective} ${blockedURI}`);
  });
  const allowed = new Set([self.location.origin, ...allowedOrigins]);
  const original = self.fetch.bind(self);
  self.fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const href = input instanceof Request ? input.url : String(input);
    const url = new URL(href, self.location.href);
    if (url.protocol === 'blob:' || url.protocol === 'data:') return original(input, init);
    if (!allowed.has(url.origin)) {
      console.warn(`[privacy] refused a request to ${url.origin}`);
      return Promise.reject(new TypeError(`blocked request to ${url.origin}`));
    }
    return decoderResponse(url.href) ?? original(input, init);
  };
}
