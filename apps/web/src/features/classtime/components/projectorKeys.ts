export type KeyAction = 'next' | 'previous' | 'first' | 'last' | 'go' | 'black' | 'fullscreen' | 'escape' | { digit: string };

/**
 * What a key does on the projector screen: a presentation clicker sends → / PageDown (next) and
 * ← / PageUp (previous), some B or "." (black); a keyboard adds ↓ Space, ↑, Home, End, digits then
 * Enter (go to that page), F (full screen) and Esc. Anything else: null.
 */
export function keyAction(key: string): KeyAction | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
    case 'PageDown':
    case ' ':
      return 'next';
    case 'ArrowLeft':
    case 'ArrowUp':
    case 'PageUp':
      return 'previous';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    case 'Enter':
      return 'go';
    case 'b':
    case 'B':
    case '.':
      return 'black';
    case 'f':
    case 'F':
      return 'fullscreen';
    case 'Escape':
      return 'escape';
    default:
      return /^[0-9]$/.test(key) ? { digit: key } : null;
  }
}
