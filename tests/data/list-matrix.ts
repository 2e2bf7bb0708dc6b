/** The list tables' permission matrix (list-permissions.test.ts runs it; permissions.test.ts counts its tables). */
export const listRoles = ['anon', 'member', 'owner', 'editor', 'viewer', 'moderator', 'service'] as const;
export const listMatrix = `
table         op      anon   member owner  editor viewer moderator service
lists         select  deny   deny   allow  allow  allow  deny      allow
lists         insert  deny   allow  allow  allow  allow  allow     allow
lists         update  deny   deny   allow  deny   deny   deny      allow
lists         delete  deny   deny   allow  deny   deny   deny      allow
list_places   select  deny   deny   allow  allow  allow  deny      allow
list_places   insert  deny   deny   allow  allow  deny   deny      allow
list_places   update  deny   deny   allow  allow  deny   deny      allow
list_places   delete  deny   deny   allow  allow  deny   deny      allow
list_members  select  deny   deny   allow  allow  allow  deny      allow
list_members  insert  deny   deny   allow  deny   deny   deny      allow
list_members  update  deny   deny   allow  deny   deny   deny      allow
list_members  delete  deny   deny   allow  deny   allow  deny      allow
list_follows  select  deny   allow  deny   deny   deny   deny      allow
list_follows  insert  deny   allow  deny   allow  allow  allow     allow
list_follows  update  deny   deny   deny   deny   deny   deny      allow
list_follows  delete  deny   allow  deny   deny   deny   deny      allow
`;
