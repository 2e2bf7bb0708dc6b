-- Avatars take raster images only. `image/*` also let SVG in, a document that runs script
-- when opened; an avatar is always a picture, and the app uploads WebP.
update storage.buckets
   set allowed_mime_types = array['image/jpeg', 'image/png', 'image/webp', 'image/gif']
 where id = 'avatars';
