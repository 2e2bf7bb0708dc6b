/** The place_edits table's permission matrix (place-edit-permissions.test.ts runs it; permissions.test.ts counts its table). */
export const placeEditRoles = ['anon', 'author', 'other', 'creator', 'moderator', 'service'] as const;
// The row is a pending suggestion by "author" on a place "creator" added. Suggestions are made
// and decided only through suggest_place_edit and decide_place_edit (place-edits.test.ts), never
// by writing the table; their author withdraws one still pending.
export const placeEditMatrix = `
table        op      anon   author other  creator moderator service
place_edits  select  allow  allow  allow  allow   allow     allow
place_edits  insert  deny   deny   deny   deny    deny      allow
place_edits  update  deny   deny   deny   deny    deny      allow
place_edits  delete  deny   allow  deny   deny    deny      allow
`;
