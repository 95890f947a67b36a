// The room put into three.js's reflections (workers/render/room-reflect.ts): both the specular
// and the clearcoat's, on the installed three; nothing changed where its chunk has moved on.
import { ShaderChunk } from 'three';
import { describe, expect, it } from 'vitest';
import { reflectingLightMaps } from '../../workers/render/room-reflect';

describe('reflectingLightMaps', () => {
  it("puts the room into the installed three's specular and clearcoat reflections", () => {
    const chunk = reflectingLightMaps();
    expect(chunk).not.toBeNull();
    expect(chunk!.match(/roomReflection\(/g)).toHaveLength(2);
    expect(chunk).toContain('roomReflection(iblRadiance, geometryViewDir, geometryNormal,');
    expect(chunk).toContain(
      'roomReflection(getIBLRadiance( geometryViewDir, geometryClearcoatNormal',
    );
    expect(chunk).not.toContain('radiance += iblRadiance;');
    // Everything else of three's chunk is kept as it was.
    const kept = (c: string) => c.replace(/.*(iblRadiance|clearcoatRadiance \+=).*\n/g, '');
    expect(kept(chunk!)).toBe(kept(ShaderChunk.lights_fragment_maps));
  });

  it('says so (null) where a chunk lacks either line', () => {
    const chunk = ShaderChunk.lights_fragment_maps;
    expect(reflectingLightMaps(chunk.replace('radiance += iblRadiance;', ''))).toBeNull();
    expect(
      reflectingLightMaps(chunk.replace(/clearcoatRadiance \+= getIBLRadiance/, 'x')),
    ).toBeNull();
  });
});
