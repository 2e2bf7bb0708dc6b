import type { Context } from 'hono';
import type { DirectAnswer } from '../../lib/service.ts';

/**
 * GoTrue's errors (supabase/auth internal/api/errors.go, apierrors/errorcode.go): an HTTP error
 * carries a status, a machine code and a message; the weak-password error adds reasons.
 */
export class AuthError extends Error {
  readonly status: number;
  readonly code: string;
  readonly reasons: string[] | null;
  constructor(status: number, code: string, message: string, reasons: string[] | null = null) {
    super(message);
    this.name = 'AuthError';
    this.status = status;
    this.code = code;
    this.reasons = reasons;
  }
}

const e = (status: number, code: string) => (message: string) => new AuthError(status, code, message);

/** The catalogue: one factory per error the service answers with; messages as upstream writes them. */
export const authErrors = {
  validation: e(400, 'validation_failed'),
  validation422: e(422, 'validation_failed'),
  badJsonMessage: e(400, 'bad_json'),
  badJson: (detail: string) => new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${detail}`),
  invalidCredentials: () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => new AuthError(400, 'email_not_confirmed', 'Email not confirmed'),
  userBanned: () => new AuthError(400, 'user_banned', 'User is banned'),
  userAlreadyExists: () => new AuthError(422, 'user_already_exists', 'User already registered'),
  emailExists: () => new AuthError(422, 'email_exists', 'A user with this email address has already been registered'),
  weakPassword: (message: string, reasons: string[]) => new AuthError(422, 'weak_password', message, reasons),
  samePassword: () => new AuthError(422, 'same_password', 'New password should be different from the old password.'),
  reauthenticationNeeded: () => new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication'),
  reauthenticationNotValid: () => new AuthError(422, 'reauthentication_not_valid', 'Requires reauthentication'),
  currentPasswordRequired: () => new AuthError(400, 'current_password_required', 'Current password required when setting new password.'),
  currentPasswordInvalid: () => new AuthError(400, 'current_password_invalid', 'Current password required when setting new password.'),
  signupDisabled: () => new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance'),
  emailProviderDisabled: () => new AuthError(422, 'email_provider_disabled', 'Email signups are disabled'),
  phoneProviderDisabled: () => new AuthError(422, 'phone_provider_disabled', 'Phone signups are disabled'),
  anonymousDisabled: () => new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled'),
  otpDisabled: () => new AuthError(422, 'otp_disabled', 'Signups not allowed for otp'),
  otpExpired: (message = 'Token has expired or is invalid') => new AuthError(403, 'otp_expired', message),
  refreshTokenNotFound: () => new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshTokenAlreadyUsed: () => new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  sessionNotFound: () => new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  userNotFoundFromClaim: () => new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  userWithEmailNotFound: () => new AuthError(404, 'user_not_found', 'User with this email not found'),
  userNotFound: () => new AuthError(404, 'user_not_found', 'User not found'),
  noAuthorization: () => new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: e(403, 'bad_jwt'),
  notAdmin: (message = 'User not allowed') => new AuthError(403, 'not_admin', message),
  overRequestRateLimit: () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached'),
  overEmailSendRateLimit: (message = 'Email rate limit exceeded') => new AuthError(429, 'over_email_send_rate_limit', message),
  flowStateNotFound: () => new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found'),
  flowStateExpired: () => new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired'),
  badCodeVerifier: () => new AuthError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier'),
  bodyTooLarge: () => new AuthError(413, 'request_too_large', 'Request body is too large'),
  notFound: () => new AuthError(404, 'not_found', 'Not Found'),
  noAuthorizationForbidden: e(403, 'no_authorization'),
  unexpectedMessage: e(500, 'unexpected_failure'),
  factorIdNotUuid: () => new AuthError(404, 'validation_failed', 'factor_id must be an UUID'),
  mfaFactorNotFound: () => new AuthError(404, 'mfa_factor_not_found', 'Factor not found'),
  mfaFactorNotFoundForChallenge: () => new AuthError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found'),
  mfaDisabled: (code: string, message: string) => new AuthError(422, code, message),
  mfaFactorNameConflict: e(422, 'mfa_factor_name_conflict'),
  tooManyFactors: () =>
    new AuthError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue'),
  insufficientAal: (message: string, status: 403 | 422) => new AuthError(status, 'insufficient_aal', message),
  mfaIpMismatch: () => new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.'),
  mfaChallengeExpired: (id: string) =>
    new AuthError(
      422,
      'mfa_challenge_expired',
      `MFA challenge ${id} has expired, verify against another challenge or create a new challenge.`,
    ),
  mfaVerificationFailed: e(422, 'mfa_verification_failed'),
  samlDisabled: () => new AuthError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled'),
  web3Disabled: () => new AuthError(422, 'web3_provider_disabled', 'Web3 provider is disabled'),
  manualLinkingDisabled: () => new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled'),
  singleIdentityNotDeletable: () =>
    new AuthError(422, 'single_identity_not_deletable', 'User must have at least 1 identity after unlinking'),
  identityNotFound: () => new AuthError(422, 'identity_not_found', "Identity doesn't exist"),
  identityIdNotUuid: () => new AuthError(404, 'validation_failed', 'identity_id must be an UUID'),
  badOAuthState: () => new AuthError(400, 'bad_oauth_state', 'OAuth state is invalid'),
  badOAuthCallback: e(400, 'bad_oauth_callback'),
  providerExchange: (code: string) => new AuthError(500, 'unexpected_failure', `Unable to exchange external code: ${code}`),
  emailExistsBadRequest: () => new AuthError(400, 'email_exists', 'A user with this email address has already been registered'),
  identityAlreadyExists: (message: string) => new AuthError(422, 'identity_already_exists', message),
  providerEmailNeedsVerification: (provider: string) =>
    new AuthError(401, 'provider_email_needs_verification', `Unverified email with ${provider}`),
  multipleAccounts: () =>
    new AuthError(500, 'unexpected_failure', 'Multiple accounts with the same email address in the same linking domain detected: default'),
  badIdToken: () => new AuthError(400, 'validation_failed', 'Bad ID token'),
  issuerNotEnabled: (issuer: string) => new AuthError(400, 'provider_disabled', `Provider (issuer "${issuer}") is not enabled`),
  unsupportedProvider: (detail: string) => new AuthError(400, 'validation_failed', `Unsupported provider: ${detail}`),
  methodNotAllowed: () => new AuthError(405, 'method_not_allowed', 'Method Not Allowed'),
  // Passkeys and WebAuthn (internal/api/passkey_*.go, apierrors/errorcode.go)
  passkeyDisabled: () => new AuthError(404, 'passkey_disabled', 'Passkeys are disabled'),
  tooManyPasskeys: () => new AuthError(422, 'too_many_passkeys', 'Maximum number of passkeys reached'),
  passkeyNotFound: () => new AuthError(404, 'validation_failed', 'Passkey not found'),
  ssoUserPasskey: () => new AuthError(422, 'validation_failed', 'SSO users cannot register passkeys'),
  webauthnChallengeNotFound: () => new AuthError(400, 'webauthn_challenge_not_found', 'Challenge not found or already used'),
  webauthnChallengeExpired: () => new AuthError(400, 'webauthn_challenge_expired', 'Challenge has expired'),
  webauthnVerificationFailed: e(400, 'webauthn_verification_failed'),
  webauthnCredentialExists: () => new AuthError(422, 'webauthn_credential_exists', 'This credential is already registered'),
  emailNotConfirmedForbidden: () => new AuthError(403, 'email_not_confirmed', 'Email not confirmed'),
  userBannedForbidden: () => new AuthError(403, 'user_banned', 'User is banned'),
  // The OAuth 2.1 server (internal/api/oauthserver)
  featureDisabled: e(404, 'feature_disabled'),
  oauthClientNotFound: () => new AuthError(404, 'oauth_client_not_found', 'OAuth client not found'),
  oauthClientUnknown: e(400, 'oauth_client_not_found'),
  oauthDynamicRegistrationDisabled: () =>
    new AuthError(403, 'oauth_dynamic_client_registration_disabled', 'Dynamic client registration is not enabled'),
  oauthAuthorizationNotFound: () => new AuthError(404, 'oauth_authorization_not_found', 'authorization not found'),
  oauthConsentNotFound: () => new AuthError(404, 'oauth_consent_not_found', 'No active grant found for this client'),
  invalidClientCredentials: e(400, 'invalid_credentials'),
  /** The database's disk is full (53100, decision 308): 507; GoTrue has no code for it. */
  insufficientStorage: () => new AuthError(507, 'insufficient_storage', 'There is no space left on the server to save this change'),
  unexpected: () => new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'),
};

/** oauthErrorMap (internal/api/errors.go): the OAuth `error` a status stands for. */
const oauthErrorOf: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

/** getErrorQueryString (internal/api/errors.go): an error as a redirect carries it — `error` (from the status), `error_code`, `error_description`. */
export function oauthErrorParams(error: AuthError): Record<string, string> {
  const params: Record<string, string> = {};
  const oauth = oauthErrorOf[error.status];
  if (oauth) params.error = oauth;
  params.error_code = error.code;
  params.error_description = error.message;
  return params;
}

/**
 * An OAuth 2.0 protocol error (apierrors.OAuthError): RFC 6749's `{error, error_description}`,
 * always 400, as GoTrue answers its /oauth/token endpoint and an OAuth session's refresh.
 */
export class OAuthProtocolError extends Error {
  readonly error: string;
  constructor(error: string, description: string) {
    super(description);
    this.name = 'OAuthProtocolError';
    this.error = error;
  }
}

export function renderOAuthError(error: OAuthProtocolError): Response {
  return new Response(JSON.stringify({ error: error.error, error_description: error.message }), {
    status: 400,
    headers: { 'Content-Type': 'application/json' },
  });
}

export const apiVersionHeader = 'X-Supabase-Api-Version';

/** `2024-01-01` is the only dated API version GoTrue knows (internal/api/apiversions.go). */
export function requestApiVersion(c: Context): string | null {
  return apiVersionOf(c.req.header(apiVersionHeader));
}

/** The API version a header value names, or null for the legacy shape. */
export function apiVersionOf(header: string | null | undefined): string | null {
  const raw = header?.trim();
  if (!raw || !/^\d{4}-\d{2}-\d{2}$/.test(raw) || Number.isNaN(Date.parse(`${raw}T00:00:00Z`))) return null;
  return raw >= '2024-01-01' ? '2024-01-01' : null;
}

/**
 * Renders an error in GoTrue's wire shape (HandleResponseError): `{code, message}` and the
 * version header echoed for clients that send API version 2024-01-01, the legacy
 * `{code: <status>, error_code, msg}` otherwise; both carry `x-sb-error-code`.
 */
export function renderAuthError(c: Context, error: AuthError): Response {
  const answer = authErrorAnswer(error, requestApiVersion(c));
  return new Response(answer.body, { status: answer.status, headers: pairs(answer.headers) });
}

function pairs(list: string[]): [string, string][] {
  const result: [string, string][] = [];
  for (let i = 0; i + 1 < list.length; i += 2) result.push([list[i] as string, list[i + 1] as string]);
  return result;
}

/** The same rendering as status, flat headers and body (the envelope's 413 for auth). */
export function authErrorAnswer(error: AuthError, version: string | null): DirectAnswer {
  const headers = ['Content-Type', 'application/json', 'x-sb-error-code', error.code];
  let body: Record<string, unknown>;
  if (version) {
    headers.push(apiVersionHeader, version);
    body = { code: error.code, message: error.message };
  } else {
    body = { code: error.status, error_code: error.code, msg: error.message };
  }
  if (error.reasons) body.weak_password = { reasons: error.reasons };
  return { status: error.status, headers, body: JSON.stringify(body) };
}
