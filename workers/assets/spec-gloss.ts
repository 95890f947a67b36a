import { WebIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { metalRough } from '@gltf-transform/functions';

/**
 * KHR_materials_pbrSpecularGlossiness, which three's GLTFLoader no longer reads (the materials
 * would come out plain white), rewritten as metal/roughness by glTF Transform's own conversion.
 * Loaded as its own chunk, only for a file that uses the extension. A file it cannot read
 * (compressed geometry needs decoders this chunk does not carry) is returned as null.
 */
export async function specGlossToMetalRough(bytes: ArrayBuffer): Promise<ArrayBuffer | null> {
  try {
    const io = new WebIO().registerExtensions(ALL_EXTENSIONS);
    const doc = await io.readBinary(new Uint8Array(bytes));
    await doc.transform(metalRough());
    const out = await io.writeBinary(doc);
    return out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength) as ArrayBuffer;
  } catch (error) {
    console.warn('spec-gloss conversion failed', error);
    return null;
  }
}
