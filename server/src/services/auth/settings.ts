import { tomlValue, type ServerConfig } from '../../lib/config.ts';
import { defaultOrigins, followServingHost, followServingOrigin } from './serving-origin.ts';

/** Auth settings from the project's config.toml, with the Supabase CLI's template defaults when absent. */
export interface AuthSettings {
  siteUrl: string;
  additionalRedirectUrls: string[];
  jwtExpiry: number;
  refreshTokenRotation: boolean;
  refreshTokenReuseInterval: number;
  enableSignup: boolean;
  enableAnonymousSignIns: boolean;
  enableManualLinking: boolean;
  minimumPasswordLength: number;
  passwordRequirements: string;
  emailEnableSignup: boolean;
  enableConfirmations: boolean;
  doubleConfirmChanges: boolean;
  securePasswordChange: boolean;
  /** A new password needs the current one (`require_current_password`, decision 194). */
  requireCurrentPassword: boolean;
  maxFrequencyMs: number;
  otpLength: number;
  otpExpiry: number;
  mfa: MfaSettings;
  /** `[auth.passkey]`: sign-in with discoverable WebAuthn credentials (GOTRUE_PASSKEY_*). */
  passkey: { enabled: boolean; maxPerUser: number };
  webauthn: WebAuthnSettings;
  oauthServer: OAuthServerSettings;
  rateLimits: { emailSent: number; signInSignUps: number; tokenRefresh: number; tokenVerifications: number; anonymousUsers: number };
}

/** `[auth.mfa]` (the CLI's GOTRUE_MFA_* variables); challenges expire after 300 s as GoTrue's default. */
export interface MfaSettings {
  maxEnrolledFactors: number;
  maxVerifiedFactors: number;
  challengeExpirySeconds: number;
  totp: { enroll: boolean; verify: boolean };
  phone: { enroll: boolean; verify: boolean };
  webauthn: { enroll: boolean; verify: boolean };
}

/** `[auth.webauthn]`, the relying party of passkeys and WebAuthn factors (GOTRUE_WEBAUTHN_*). */
export interface WebAuthnSettings {
  rpId: string;
  rpDisplayName: string;
  rpOrigins: string[];
  /** conf.WebAuthnConfiguration.ChallengeExpiryDuration: 5 minutes. */
  challengeExpirySeconds: number;
}

/** `[auth.oauth_server]`: this server as an OAuth 2.1 / OpenID Connect provider (GOTRUE_OAUTH_SERVER_*). */
export interface OAuthServerSettings {
  enabled: boolean;
  allowDynamicRegistration: boolean;
  /** Where /oauth/authorize sends the user, below site_url: the app's consent page. */
  authorizationPath: string;
  /** conf.OAuthServerConfiguration.AuthorizationTTL: 10 minutes to sign in and consent. */
  authorizationTtlSeconds: number;
  /** The scope of a request that names none (DefaultScope). */
  defaultScope: string;
}

const durationUnits: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Go duration strings as config.toml writes them ("1s", "1m0s", "1h30m"); a bare number is seconds. */
export function parseDuration(value: string | number, fallbackMs: number): number {
  if (typeof value === 'number') return value * 1000;
  let total = 0;
  let matched = '';
  for (const m of value.trim().matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) {
    total += Number(m[1]) * (durationUnits[m[2] ?? 's'] ?? 1000);
    matched += m[0];
  }
  return matched !== '' && matched === value.trim() ? total : fallbackMs;
}

export function readAuthSettings(config: ServerConfig): AuthSettings {
  const t = config.toml;
  const num = (key: string, fallback: number) => tomlValue<number>(t, key, fallback);
  const bool = (key: string, fallback: boolean) => tomlValue<boolean>(t, key, fallback);
  const defaults = defaultOrigins(config);
  const siteUrl = tomlValue(t, 'auth.site_url', 'http://127.0.0.1:3000').replace(/\/+$/, '') || 'http://127.0.0.1:3000';
  const redirectUrls = tomlValue<string[]>(t, 'auth.additional_redirect_urls', ['https://127.0.0.1:3000']);
  const rpId = tomlValue(t, 'auth.webauthn.rp_id', '');
  const rpOrigins = tomlValue<string[]>(t, 'auth.webauthn.rp_origins', []);
  return {
    // Getters: the serving origin is known only once the server listens (PORT=0 picks it then).
    get siteUrl() {
      return followServingOrigin(siteUrl, config, defaults);
    },
    get additionalRedirectUrls() {
      return redirectUrls.map((url) => followServingOrigin(url, config, defaults));
    },
    jwtExpiry: num('auth.jwt_expiry', 3600),
    refreshTokenRotation: bool('auth.enable_refresh_token_rotation', true),
    refreshTokenReuseInterval: num('auth.refresh_token_reuse_interval', 10),
    enableSignup: bool('auth.enable_signup', true),
    enableAnonymousSignIns: bool('auth.enable_anonymous_sign_ins', false),
    enableManualLinking: bool('auth.enable_manual_linking', false),
    minimumPasswordLength: num('auth.minimum_password_length', 6),
    passwordRequirements: tomlValue(t, 'auth.password_requirements', ''),
    // CLI 3.x names the email provider's switch `enabled` (2.x: `enable_signup`, still read).
    emailEnableSignup: bool('auth.email.enabled', bool('auth.email.enable_signup', true)),
    enableConfirmations: bool('auth.email.enable_confirmations', false),
    doubleConfirmChanges: bool('auth.email.double_confirm_changes', true),
    securePasswordChange: bool('auth.email.secure_password_change', false),
    // CLI 3.x's own key for GoTrue's update_password_require_current_password; unset, a 2.x
    // config's secure_password_change turns it on as well (decision 194).
    requireCurrentPassword: bool('auth.email.require_current_password', bool('auth.email.secure_password_change', false)),
    maxFrequencyMs: parseDuration(tomlValue<string | number>(t, 'auth.email.max_frequency', '1s'), 1000),
    otpLength: num('auth.email.otp_length', 6),
    otpExpiry: num('auth.email.otp_expiry', 3600),
    mfa: {
      maxEnrolledFactors: num('auth.mfa.max_enrolled_factors', 10),
      maxVerifiedFactors: 10,
      challengeExpirySeconds: 300,
      totp: { enroll: bool('auth.mfa.totp.enroll_enabled', false), verify: bool('auth.mfa.totp.verify_enabled', false) },
      phone: { enroll: bool('auth.mfa.phone.enroll_enabled', false), verify: bool('auth.mfa.phone.verify_enabled', false) },
      webauthn: { enroll: bool('auth.mfa.web_authn.enroll_enabled', false), verify: bool('auth.mfa.web_authn.verify_enabled', false) },
    },
    passkey: { enabled: bool('auth.passkey.enabled', false), maxPerUser: 10 },
    webauthn: {
      // A relying party on a default origin follows the serving origin, as site_url does (decision 121).
      get rpId() {
        return followServingHost(rpId, config, defaults);
      },
      rpDisplayName: tomlValue(t, 'auth.webauthn.rp_display_name', ''),
      get rpOrigins() {
        return rpOrigins.map((url) => followServingOrigin(url, config, defaults).replace(/\/+$/, ''));
      },
      challengeExpirySeconds: 300,
    },
    oauthServer: {
      enabled: bool('auth.oauth_server.enabled', false),
      allowDynamicRegistration: bool('auth.oauth_server.allow_dynamic_registration', false),
      authorizationPath: tomlValue(t, 'auth.oauth_server.authorization_url_path', ''),
      authorizationTtlSeconds: 600,
      defaultScope: 'email',
    },
    rateLimits: {
      emailSent: num('auth.rate_limit.email_sent', 2),
      signInSignUps: num('auth.rate_limit.sign_in_sign_ups', 30),
      tokenRefresh: num('auth.rate_limit.token_refresh', 150),
      tokenVerifications: num('auth.rate_limit.token_verifications', 30),
      anonymousUsers: num('auth.rate_limit.anonymous_users', 30),
    },
  };
}
