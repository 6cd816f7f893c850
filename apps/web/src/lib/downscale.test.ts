import { IMAGE_MAX_BYTES } from '@paiclass/shared';
import { describe, expect, it } from 'vitest';
import { DOWNSCALE_MAX_SIDE, DOWNSCALE_QUALITY, downscalePlan, downscaleSteps, scaledSize } from './downscale';

const MB = 1024 * 1024;

describe('scaling a photo down under the image limit (issue 12)', () => {
  it('keeps an image at or under the limit as it is', () => {
    expect(downscalePlan({ size: IMAGE_MAX_BYTES, type: 'image/jpeg' }, IMAGE_MAX_BYTES)).toBe('keep');
    expect(downscalePlan({ size: 200, type: 'image/gif' }, IMAGE_MAX_BYTES)).toBe('keep');
  });

  it('scales a 6 MB phone photo (JPEG, PNG, WebP, HEIC) down rather than refusing it', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/heic'])
      expect(downscalePlan({ size: 6 * MB, type }, IMAGE_MAX_BYTES)).toBe('scale');
  });

  it('refuses an oversized GIF or SVG, which a canvas cannot redraw as it is', () => {
    expect(downscalePlan({ size: 6 * MB, type: 'image/gif' }, IMAGE_MAX_BYTES)).toBe('refuse');
    expect(downscalePlan({ size: 6 * MB, type: 'image/svg+xml' }, IMAGE_MAX_BYTES)).toBe('refuse');
  });

  it('draws the longest side at 2560 px at most, keeping the proportions and never enlarging', () => {
    expect(scaledSize(4032, 3024, DOWNSCALE_MAX_SIDE)).toEqual({ width: 2560, height: 1920 });
    expect(scaledSize(3024, 4032, DOWNSCALE_MAX_SIDE)).toEqual({ width: 1920, height: 2560 });
    expect(scaledSize(800, 600, DOWNSCALE_MAX_SIDE)).toEqual({ width: 800, height: 600 });
  });

  it('tries 2560 px at quality 0.85 first, then ever smaller and never below quality 0.6', () => {
    const steps = downscaleSteps();
    expect(steps[0]).toEqual({ maxSide: 2560, quality: DOWNSCALE_QUALITY });
    for (let i = 1; i < steps.length; i++) {
      expect(steps[i]!.maxSide).toBeLessThan(steps[i - 1]!.maxSide);
      expect(steps[i]!.quality).toBeLessThanOrEqual(steps[i - 1]!.quality);
      expect(steps[i]!.quality).toBeGreaterThanOrEqual(0.6);
    }
  });
});
