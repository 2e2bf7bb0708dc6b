/** The list tables' permission matrix (list-permissions.test.ts runs it; permissions.test.ts counts its tables). */
/** `mod_aal1`: a moderator who enrolled an authenticator app, signed in with the password only: no moderator power. */
export const listRoles = ['anon', 'member', 'owner', 'editor', 'viewer', 'moderator', 'mod_aal1', 'service'] as const;
export const listMatrix = `
table        op     anon member owner editor viewer moderator mod_aal1 service
lists        select deny deny   allow allow  allow  deny      deny     allow
lists        insert deny allow  allow allow  allow  allow     allow    allow
lists        update deny deny   allow deny   deny   deny      deny     allow
lists        delete deny deny   allow deny   deny   deny      deny     allow
list_places  select deny deny   allow allow  allow  deny      deny     allow
list_places  insert deny deny   allow allow  deny   deny      deny     allow
list_places  update deny deny   allow allow  deny   deny      deny     allow
list_places  delete deny deny   allow allow  deny   deny      deny     allow
list_members select deny deny   allow allow  allow  deny      deny     allow
list_members insert deny deny   allow deny   deny   deny      deny     allow
list_members update deny deny   allow deny   deny   deny      deny     allow
list_members delete deny deny   allow deny   allow  deny      deny     allow
list_follows select deny allow  deny  deny   deny   deny      deny     allow
list_follows insert deny allow  deny  allow  allow  allow     allow    allow
list_follows update deny deny   deny  deny   deny   deny      deny     allow
list_follows delete deny allow  deny  deny   deny   deny      deny     allow
`;

/**
 * Moderating lists (list-moderation.test.ts runs it): what each role can do with a public list
 * and the note an editor wrote on it. "hidden" rows act on a list or note moderators hid.
 *   note column      list_places.note by a table query (only the service role reads it)
 *   report list      file a report on the public list (a private list: nobody can)
 *   report note      file a report on the note
 *   hide list        hide_content('list') on the public list
 *   hide note        hide_content('list_note') on the note
 *   hidden list      the hidden list by a table query
 *   hidden open      the hidden list through open_list (the list page)
 *   hidden note      the hidden note's text through open_list (its author is the editor)
 */
export const listModerationMatrix = `
case           anon member owner editor viewer moderator mod_aal1 service
note_column    deny deny   deny  deny   deny   deny      deny     allow
report_list    deny allow  allow allow  allow  allow     allow    allow
report_private deny deny   deny  deny   deny   deny      deny     deny
report_note    deny allow  allow allow  allow  allow     allow    allow
hide_list      deny deny   deny  deny   deny   allow     deny     deny
hide_note      deny deny   deny  deny   deny   allow     deny     deny
hidden_list    deny deny   allow deny   deny   allow     deny     allow
hidden_open    deny deny   allow deny   deny   allow     deny     deny
hidden_note    deny deny   deny  allow  deny   allow     deny     deny
`;
