/** Line icons for the controls (24×24, drawn with currentColor; the labels carry the meaning). */
const PATHS = {
  camera: 'M3 8h4l2-3h6l2 3h4v11H3zM12 17a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
  cameraOff: 'M3 3l18 18M3 8h4l2-3h6l2 3h4v11H7M9.5 10.5a4 4 0 0 0 5 5',
  switchCamera: 'M4 9a8 8 0 0 1 14-3l2 2M20 15a8 8 0 0 1-14 3l-2-2M20 4v4h-4M4 20v-4h4',
  photo: 'M4 7h3l2-3h6l2 3h3v12H4zM12 16a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  record: 'M12 18a6 6 0 1 0 0-12 6 6 0 0 0 0 12z',
  stop: 'M7 7h10v10H7z',
  cancel: 'M6 6l12 12M18 6L6 18',
  file: 'M6 3h8l4 4v14H6zM14 3v4h4M10 11l5 3-5 3z',
  heart: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z',
  downloaded: 'M5 12.5l4.5 4.5L19 7.5',
  notDownloaded: 'M12 4v12m-5-5l5 5 5-5M6 20h12',
} as const;

export type IconName = keyof typeof PATHS;

/** The icon's path in its 24×24 box (SVG path data). */
export const iconPath = (name: IconName): string => PATHS[name];

export function Icon({ name }: { name: IconName }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
