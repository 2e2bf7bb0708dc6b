/**
 * The community tables' permission matrix (community-permissions.test.ts runs it; permissions.test.ts counts its tables).
 * `mod_aal1`: a moderator who enrolled an authenticator app, signed in with the password only: no moderator power.
 */
export const communityRoles = ['anon', 'member', 'other', 'moderator', 'mod_aal1', 'service'] as const;
export const communityMatrix = `
table                    op     anon  member other moderator mod_aal1 service
review_votes             select deny  allow  deny  deny      deny     allow
review_votes             insert deny  allow  allow allow     allow    allow
review_votes             update deny  deny   deny  deny      deny     allow
review_votes             delete deny  allow  deny  deny      deny     allow
review_replies           select allow allow  allow allow     allow    allow
review_replies           insert deny  allow  allow allow     allow    allow
review_replies           update deny  allow  deny  deny      deny     allow
review_replies           delete deny  allow  deny  deny      deny     allow
follows                  select allow allow  allow allow     allow    allow
follows                  insert deny  allow  allow allow     allow    allow
follows                  update deny  deny   deny  deny      deny     allow
follows                  delete deny  allow  deny  deny      deny     allow
notifications            select deny  allow  deny  deny      deny     allow
notifications            insert deny  deny   deny  deny      deny     allow
notifications            update deny  allow  deny  deny      deny     allow
notifications            delete deny  allow  deny  deny      deny     allow
notification_preferences select deny  allow  deny  deny      deny     allow
notification_preferences insert deny  allow  allow allow     allow    allow
notification_preferences update deny  allow  deny  deny      deny     allow
notification_preferences delete deny  allow  deny  deny      deny     allow
`;
