/** `pinstar-server --help`: every option and every environment variable the server reads. */
export const usage = `Usage: pinstar-server [options]

Serves a Supabase project folder (config.toml, migrations/, seed.sql, functions/) as Supabase's
APIs on one origin: /auth/v1, /rest/v1, /storage/v1 (and its S3 protocol at /storage/v1/s3),
/functions/v1 and /realtime/v1, over embedded Postgres (PGlite) or a PostgreSQL you name.

Options:
  --project <dir>    the Supabase project folder                        [SUPABASE_PROJECT_DIR or ./supabase]
  --port <n>         port to listen on (0: any free port)               [PORT or 54321]
  --host <address>   address to bind                                    [HOST or 127.0.0.1]
  --data-dir <dir>   embedded database, stored files, mailbox, lock     [DATA_DIR or ./.data]
  --web <dir>        also serve a built web app (index.html) at /       [none]
  --no-web           serve only the APIs (overrides --web)
  --allow-demo-keys  start with the Supabase CLI's public demo secret and keys although the
                     server is reachable from other machines (a warning is printed)  [ALLOW_DEMO_KEYS]
  -h, --help         show this help

Environment:
  PORT, HOST, DATA_DIR, SUPABASE_PROJECT_DIR   as the options above
  DATABASE_URL                 use this PostgreSQL instead of the embedded database (an owner
                               role; requests run as \`authenticator\`)
  AUTHENTICATOR_PASSWORD       password given to the \`authenticator\` role on PostgreSQL
  API_EXTERNAL_URL             the URL clients reach the server at (mail links, token issuer,
                               signed URLs)                     [http://localhost:$PORT]
  JWT_SECRET                   legacy HS256 secret (signs the legacy API keys and signed URLs)
                                                                [the Supabase CLI's local secret]
  ANON_KEY, SERVICE_ROLE_KEY   legacy API keys                  [signed with JWT_SECRET]
  PUBLISHABLE_KEY, SECRET_KEY  opaque API keys                  [the CLI's sb_publishable_/sb_secret_ keys]
  S3_PROTOCOL_ACCESS_KEY_ID, S3_PROTOCOL_ACCESS_KEY_SECRET, S3_PROTOCOL_REGION
                               the S3 protocol's service credentials
                                                                [the CLI's local ones; region "local"]
  TRUSTED_PROXIES              addresses or CIDR ranges of the reverse proxies in front, whose
                               X-Forwarded-For names the client; unset: forwarding headers ignored
  ALLOW_DEMO_KEYS              1: as --allow-demo-keys
  SMTP_URL                     send mail by SMTP (smtp://user:pass@host:587) instead of the
                               local mailbox at /_dev/mail
  MAILBOX_ALLOW_REMOTE         1: serve the mailbox although HOST is not a loopback address
  MAX_REQUEST_BODY_BYTES       largest body REST, functions and realtime's HTTP broadcast read
                                                                [8000000]
  NODE_ENV                     production: stop reloading edge functions and index.html on change
  LOG_REQUESTS                 0: no line per request                        [1]
  LOG_FORMAT                   text or json (one JSON object a line)         [text]
  SHUTDOWN_TIMEOUT_MS          on SIGTERM/SIGINT, how long requests in flight may take
                                                                [10000]
  REALTIME_HEARTBEAT_TIMEOUT_MS     a realtime socket silent this long is dropped   [60000]
  REALTIME_MAX_PAYLOAD_BYTES        largest realtime message                       [262144]
  REALTIME_MAX_BUFFERED_BYTES       a realtime client further behind is dropped    [16777216]
  REALTIME_MAX_CHANNELS_PER_CLIENT  [100]
  REALTIME_MAX_CONNECTIONS          [10000]
  Any config.toml value may be written "env(NAME)" to read NAME from the environment, as with
  the Supabase CLI.

Keys of config.toml the server does not use are listed at start as ignored.`;
