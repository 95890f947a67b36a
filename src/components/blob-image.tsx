import { useEffect, useRef } from 'react';

/** An <img> of a Blob, through an object URL that lives as long as the element shows the blob. */
export function BlobImage(props: { blob: Blob; alt: string; className?: string }) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const url = URL.createObjectURL(props.blob);
    if (image.current) image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [props.blob]);
  return (
    <img
      ref={image}
      className={props.className}
      alt={props.alt}
      decoding="async"
      draggable={false}
    />
  );
}
