export { memberLeftQuery, myProfileQuery, profileByUsernameQuery } from './api/profiles';
export { AvatarEditor } from './components/avatar-editor';
export { ProfileForm } from './components/profile-form';
export { ProfileView } from './components/profile-view';
export { useMyProfile } from './hooks/use-my-profile';
export * from './schemas';
