import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toaster';
import { describeError } from '@/lib/errors';
import { removeAvatar, replaceAvatar } from '../api/avatar';
import { avatarUrl, myProfileQuery } from '../api/profiles';
import { avatarAcceptedTypes, avatarSourceMaxBytes, type Profile } from '../schemas';
import { AvatarCropper } from './avatar-cropper';

/** Choose, crop, resize, upload (with progress), replace or remove the profile picture. */
export function AvatarEditor({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);

  useEffect(() => () => (source ? URL.revokeObjectURL(source) : undefined), [source]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: myProfileQuery(profile.id).queryKey });
  const choose = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    if (!(avatarAcceptedTypes as readonly string[]).includes(file.type)) return setFileError('Use a JPEG, PNG, WebP or GIF image.');
    if (file.size > avatarSourceMaxBytes) return setFileError('Choose an image under 20 MB.');
    setFileError(null);
    setSource(URL.createObjectURL(file));
  };
  const save = async (image: Blob) => {
    setProgress(0);
    try {
      await replaceAvatar(profile.id, profile.avatar_path, image, setProgress);
      await refresh();
      setSource(null);
      toast.success('Profile photo updated');
    } catch (error: unknown) {
      toast.error(describeError(error).message);
    } finally {
      setProgress(null);
    }
  };
  const remove = async () => {
    if (!profile.avatar_path) return;
    setRemoving(true);
    try {
      await removeAvatar(profile.id, profile.avatar_path);
      await refresh();
      toast.success('Profile photo removed');
    } catch (error: unknown) {
      toast.error(describeError(error).message);
    } finally {
      setRemoving(false);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-4">
      <Avatar src={avatarUrl(profile.avatar_path)} name={profile.display_name} alt="Your profile photo" size="lg" />
      <div className="space-y-2">
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => fileInput.current?.click()}>
            {profile.avatar_path ? 'Replace photo' : 'Choose photo'}
          </Button>
          {profile.avatar_path ? (
            <Button variant="ghost" onClick={() => void remove()} disabled={removing}>
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
            <AvatarCropper src={source} progress={progress} onCancel={() => setSource(null)} onSave={(image) => void save(image)} />
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}
