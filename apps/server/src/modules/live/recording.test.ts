import { describe, expect, it } from 'vitest';
import { livePlaylist, liveSegments, type RecordIndex, recordingTime, vodPlaylist } from './recording';

/** The recording's bookkeeping (decision 036): the live playlist read, the replay's playlist written, comments placed in time. */
describe('the recording of a live', () => {
  const index: RecordIndex = {
    segments: [
      { n: 0, dur: 2, start: 10_000 },
      { n: 1, dur: 2.5, start: 12_000 },
      // a republish 60 s later
      { n: 2, dur: 2, start: 74_500, disc: 1 },
    ],
  };

  it('reads the segments of nginx-rtmp live playlist with their lengths', () => {
    const text = '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-MEDIA-SEQUENCE:4\n#EXTINF:2.000,\n4.ts\n#EXTINF:1.960,\n5.ts\n';
    expect(liveSegments(text)).toEqual([
      { file: '4.ts', dur: 2 },
      { file: '5.ts', dur: 1.96 },
    ]);
    expect(liveSegments('#EXTM3U\n#EXTINF:2,\n../x.ts\n')).toEqual([]);
    // nginx's own breaks are kept: the segment after one is marked
    expect(liveSegments('#EXTM3U\n#EXTINF:2,\n7.ts\n#EXT-X-DISCONTINUITY\n#EXTINF:2,\n8.ts\n')).toEqual([
      { file: '7.ts', dur: 2 },
      { file: '8.ts', dur: 2, disc: true },
    ]);
  });

  it('writes the live window in its own numbers, counting the breaks that left it, and closes it at the end', () => {
    const text = livePlaylist(index, index.segments.slice(1));
    expect(text).toContain('#EXT-X-MEDIA-SEQUENCE:1');
    expect(text).toContain('#EXT-X-DISCONTINUITY-SEQUENCE:0');
    expect(text).toContain('#EXT-X-TARGETDURATION:3');
    expect(text).not.toContain('ENDLIST');
    expect(text.split('\n').filter((l) => l.endsWith('.ts'))).toEqual(['1.ts', '2.ts']);
    expect(text).toMatch(/1\.ts\n#EXT-X-DISCONTINUITY\n#EXTINF:2\.000,\n2\.ts/);
    // the republish's break has left the window: counted, not written
    const later: RecordIndex = { segments: [...index.segments, { n: 3, dur: 2, start: 76_500 }] };
    const past = livePlaylist(later, later.segments.slice(3), true);
    expect(past).toContain('#EXT-X-MEDIA-SEQUENCE:3');
    expect(past).toContain('#EXT-X-DISCONTINUITY-SEQUENCE:1');
    expect(past).not.toContain('#EXT-X-DISCONTINUITY\n');
    expect(past.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
  });

  it('writes a video-on-demand playlist with every segment and a discontinuity at a republish', () => {
    const text = vodPlaylist(index);
    expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(text).toContain('#EXT-X-TARGETDURATION:3');
    expect(text.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(text.split('\n').filter((l) => l.endsWith('.ts'))).toEqual(['0.ts', '1.ts', '2.ts']);
    expect(text).toMatch(/1\.ts\n#EXT-X-DISCONTINUITY\n#EXTINF:2\.000,\n2\.ts/);
  });

  it('places a moment of the live on the recording, a gap at the next publish, outside it nowhere', () => {
    expect(recordingTime(index, 10_000)).toBe(0);
    expect(recordingTime(index, 13_000)).toBe(3);
    // between the two publishes: at the start of the second
    expect(recordingTime(index, 40_000)).toBe(4.5);
    expect(recordingTime(index, 75_500)).toBe(5.5);
    expect(recordingTime(index, 9_000)).toBeNull();
    expect(recordingTime(index, 80_000)).toBeNull();
  });
});
