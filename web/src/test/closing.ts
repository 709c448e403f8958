import { act } from '@testing-library/react';

// A dialog closed while still opening (a busy machine renders slowly) is caught in its appear motion, not a leave.
const MOVING = '[class*="-leave"], [class*="-appear"], [class*="-enter"]';
// rc-motion listens for whichever of these jsdom's styles suggest (webkitAnimationEnd there).
const MOTION_ENDS = ['transitionend', 'animationend', 'webkitAnimationEnd'];

/**
 * Ends the closing animations of what a test closed (a confirm dialog, a message, a notification): jsdom runs no
 * CSS animation, so rc-motion would keep those nodes in the page in their "leave" (or unfinished "appear") state until a deadline timer
 * that the end of the file cancels, and the next file, which shares the page, would find them. Each round waits
 * a frame (rc-motion moves from leave-start to leave-active on the next one), then says the animation ended, until
 * nothing moves.
 */
export async function finishClosing(): Promise<void> {
  // bounded by time, not by rounds: a busy machine may need many frames before a motion takes its end event
  const deadline = Date.now() + 10_000;
  while (document.querySelector(MOVING) && Date.now() < deadline) {
    await act(async () => {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      for (const element of document.querySelectorAll(MOVING)) {
        for (const type of MOTION_ENDS) element.dispatchEvent(new Event(type));
      }
    });
  }
}
