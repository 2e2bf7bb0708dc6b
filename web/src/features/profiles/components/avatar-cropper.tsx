import { useCallback, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { cropAndResize } from '@/lib/image';

/** Square crop (shown round) with a zoom slider; drag or use the slider and arrow keys. */
export function AvatarCropper({
  src,
  onCancel,
  onSave,
  progress,
}: {
  src: string;
  onCancel: () => void;
  onSave: (image: Blob) => void;
  progress: number | null;
}) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [preparing, setPreparing] = useState(false);
  const onCropComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);
  const busy = preparing || progress !== null;
  const save = async () => {
    if (!area) return;
    setPreparing(true);
    try {
      onSave(await cropAndResize(src, area, 512));
    } finally {
      setPreparing(false);
    }
  };
  return (
    <div className="space-y-4">
      <div className="relative h-64 w-full overflow-hidden rounded-md bg-slate-900">
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          aspect={1}
          cropShape="round"
          showGrid={false}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={onCropComplete}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="avatar-zoom">Zoom</Label>
        <input
          id="avatar-zoom"
          type="range"
          min={1}
          max={3}
          step={0.05}
          value={zoom}
          onChange={(e) => setZoom(Number(e.target.value))}
          className="h-6 w-full accent-brand-600"
        />
      </div>
      {progress !== null ? <Progress value={progress * 100} label="Uploading photo" /> : null}
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={() => void save()} disabled={busy || !area}>
          {progress !== null ? `Uploading… ${Math.round(progress * 100)}%` : 'Save photo'}
        </Button>
      </DialogFooter>
    </div>
  );
}
