// Renders the PWA icons in public/icons/ from the compass SVGs beside them. Run once after
// changing the SVGs: `npx tsx src/client/build/make-icons.ts`; the PNGs are committed.
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const icons = fileURLToPath(new URL('../../../public/icons/', import.meta.url));

const targets = [
  { source: 'compass.svg', file: 'icon-192.png', size: 192 },
  { source: 'compass.svg', file: 'icon-512.png', size: 512 },
  { source: 'compass-maskable.svg', file: 'maskable-512.png', size: 512 },
];

for (const { source, file, size } of targets) {
  await sharp(icons + source, { density: 300 })
    .resize(size, size)
    .png()
    .toFile(icons + file);
  console.log(`public/icons/${file}`);
}
