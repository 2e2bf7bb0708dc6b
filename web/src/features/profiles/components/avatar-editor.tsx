import { useEffect, useRef, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { useRemoveAvatar, useReplaceAvatar } from '../api/avatar';
import { avatarAcceptedTypes, avatarSourceMaxBytes, type Profile } from '../schemas';
import { AvatarCropper } from './avatar-cropper';

/** Choose, crop, resize, upload (with progress), replace or remove the profile picture. */
export function AvatarEditor({ profile }: { profile: Profile }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  useEffect(() => () => (source ? URL.revokeObjectURL(source) : undefined), [source]);

  const replace = useReplaceAvatar(profile.id, profile.avatar_path, setProgress);
  const removal = useRemoveAvatar(profile.id);
  const removing = removal.isPending;
  const choose = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    if (!(avatarAcceptedTypes as readonly string[]).includes(file.type)) return setFileError('Use a JPEG, PNG, WebP or GIF image.');
    if (file.size > avatarSourceMaxBytes) return setFileError('Choose an image under 20 MB.');
    setFileError(null);
    setSource(URL.createObjectURL(file));
  };
  const save = (image: Blob) => {
    setProgress(0);
    replace.mutate(image, { onSuccess: () => setSource(null), onSettled: () => setProgress(null) });
  };
  const remove = () => {
    if (profile.avatar_path) removal.mutate(profile.avatar_path);
  };

  return (
    <div className="flex flex-wrap items-center gap-4">
      <Avatar path={profile.avatar_path} name={profile.display_name} alt="Your profile photo" size="lg" />
      <div className="space-y-2">
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => fileInput.current?.click()}>
            {profile.avatar_path ? 'Replace photo' : 'Choose photo'}
          </Button>
          {profile.avatar_path ? (
            <Button variant="ghost" onClick={remove} disabled={removing}>
              Remove photo
            </Button>
          ) : null}
        </div>
        <input
          ref={fileInput}
          type="file"
          accept={avatarAcceptedTypes.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-label="Profile photo file"
          onChange={(e) => choose(e.target.files?.[0])}
        />
        {fileError ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {fileError}
          </p>
        ) : (
          <p className="text-sm text-slate-600">A square crop, resized to 512 px.</p>
        )}
      </div>
      <Dialog open={source !== null} onOpenChange={(open) => (!open && progress === null ? setSource(null) : undefined)}>
        {source ? (
          <DialogContent title="Crop your photo" description="Drag to position it and zoom to fit the circle.">
            <AvatarCropper src={source} progress={progress} onCancel={() => setSource(null)} onSave={save} />
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}
