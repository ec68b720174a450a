// Zoom and pan of the board by mouse, touch and pen (pointer events): one pointer drags, two
// pinch, the wheel zooms at the cursor; a press that barely moves is a tap, held still for
// LONG_PRESS_MS a long press. The transform is a
// scale and a translation of the board's coordinates into the frame's pixels. The arithmetic is
// pure (zoomAt, clampScale); usePanZoom wires it to an element.
import { useEffect, useRef, useState } from "preact/hooks";

export interface Transform {
  scale: number;
  x: number; // translation in frame pixels
  y: number;
}

export const MIN_SCALE = 0.15;
export const MAX_SCALE = 6;
export const TAP_SLOP = 8; // pixels a tap may move
export const LONG_PRESS_MS = 500; // a press held still this long is a long press, not a tap

export function clampScale(scale: number): number {
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
}

// Zoom by `factor` keeping the board point under (px, py) where it is.
export function zoomAt(t: Transform, factor: number, px: number, py: number): Transform {
  const scale = clampScale(t.scale * factor);
  const k = scale / t.scale;
  return { scale, x: px - (px - t.x) * k, y: py - (py - t.y) * k };
}

// The transform that shows a width x height board whole in a frame of frameW x frameH.
export function fitTransform(width: number, height: number, frameW: number, frameH: number): Transform {
  const scale = clampScale(Math.min(frameW / width, frameH / height));
  return { scale, x: (frameW - width * scale) / 2, y: (frameH - height * scale) / 2 };
}

// The transform that shows the points (board units, each with `pad` around it) as large as the
// frame allows, but never smaller than `minScale`: where the player acts, at a size a finger can
// hit. When they do not all fit at that scale, it centres on the point nearest their middle.
export function focusTransform(points: Array<{ x: number; y: number }>, pad: number, frameW: number, frameH: number, minScale: number): Transform {
  const box = (ps: Array<{ x: number; y: number }>) => ({
    x0: Math.min(...ps.map((p) => p.x)) - pad, y0: Math.min(...ps.map((p) => p.y)) - pad,
    x1: Math.max(...ps.map((p) => p.x)) + pad, y1: Math.max(...ps.map((p) => p.y)) + pad,
  });
  let b = box(points);
  const fits = Math.min(frameW / Math.max(1, b.x1 - b.x0), frameH / Math.max(1, b.y1 - b.y0));
  if (fits < minScale) {
    const mx = (b.x0 + b.x1) / 2;
    const my = (b.y0 + b.y1) / 2;
    const nearest = points.reduce((best, p) => (Math.hypot(p.x - mx, p.y - my) < Math.hypot(best.x - mx, best.y - my) ? p : best));
    b = box([nearest]);
  }
  // Never closer than 1.6 times the smallest zoom: a lone hex keeps its neighbours in view.
  const scale = clampScale(Math.max(minScale, Math.min(fits, minScale * 1.6)));
  const cx = (b.x0 + b.x1) / 2;
  const cy = (b.y0 + b.y1) / 2;
  return { scale, x: frameW / 2 - cx * scale, y: frameH / 2 - cy * scale };
}

// The transform `t` moved so that the board point `p` lies inside the frame with `margin` pixels
// to spare (unchanged when it already does): the keyboard's focus kept in view.
export function panToShow(t: Transform, p: { x: number; y: number }, frameW: number, frameH: number, margin: number): Transform {
  const sx = p.x * t.scale + t.x;
  const sy = p.y * t.scale + t.y;
  const m = Math.min(margin, frameW / 2, frameH / 2);
  const dx = sx < m ? m - sx : sx > frameW - m ? frameW - m - sx : 0;
  const dy = sy < m ? m - sy : sy > frameH - m ? frameH - m - sy : 0;
  return dx === 0 && dy === 0 ? t : { ...t, x: t.x + dx, y: t.y + dy };
}

export function usePanZoom(boardW: number, boardH: number, onTap: (target: EventTarget | null) => void, onLongPress?: (target: EventTarget | null) => void) {
  const frame = useRef<HTMLDivElement>(null);
  const [transform, setTransform] = useState<Transform>({ scale: 1, x: 0, y: 0 });
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef({ moved: 0, startTarget: null as EventTarget | null, pinch: 0, pressed: false });
  const pressTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const tap = useRef(onTap);
  tap.current = onTap;
  const longPress = useRef(onLongPress);
  longPress.current = onLongPress;

  const fit = () => {
    const el = frame.current;
    if (el) setTransform(fitTransform(boardW, boardH, el.clientWidth, el.clientHeight));
  };
  useEffect(fit, [boardW, boardH]);

  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const local = (e: PointerEvent | WheelEvent) => {
      const r = el.getBoundingClientRect();
      return { x: e.clientX - r.left, y: e.clientY - r.top };
    };
    const spread = () => {
      const [a, b] = [...pointers.current.values()];
      return a && b ? { d: Math.hypot(a.x - b.x, a.y - b.y), mx: (a.x + b.x) / 2, my: (a.y + b.y) / 2 } : undefined;
    };
    const down = (e: PointerEvent) => {
      if ((e.target as Element | null)?.closest?.("button")) return; // the zoom buttons click
      pointers.current.set(e.pointerId, local(e));
      clearTimeout(pressTimer.current);
      if (pointers.current.size === 1) {
        gesture.current = { moved: 0, startTarget: e.target, pinch: 0, pressed: false };
        // Held still: a long press (what the hex is), and the release is then no tap.
        pressTimer.current = setTimeout(() => {
          if (pointers.current.size !== 1 || gesture.current.moved > TAP_SLOP || !longPress.current) return;
          gesture.current.pressed = true;
          longPress.current(gesture.current.startTarget);
        }, LONG_PRESS_MS);
      } else gesture.current.moved = TAP_SLOP + 1; // a second finger is never a tap
      const s = spread();
      if (s) gesture.current.pinch = s.d;
      el.setPointerCapture?.(e.pointerId);
    };
    const move = (e: PointerEvent) => {
      const before = pointers.current.get(e.pointerId);
      if (!before) return;
      const now = local(e);
      if (pointers.current.size === 1) {
        const dx = now.x - before.x;
        const dy = now.y - before.y;
        gesture.current.moved += Math.hypot(dx, dy);
        pointers.current.set(e.pointerId, now);
        if (gesture.current.moved > TAP_SLOP) setTransform((t) => ({ ...t, x: t.x + dx, y: t.y + dy }));
        return;
      }
      const old = spread();
      pointers.current.set(e.pointerId, now);
      const s = spread();
      if (old && s && old.d > 0) {
        setTransform((t) => {
          const zoomed = zoomAt(t, s.d / old.d, s.mx, s.my);
          return { ...zoomed, x: zoomed.x + (s.mx - old.mx), y: zoomed.y + (s.my - old.my) };
        });
      }
    };
    const up = (e: PointerEvent) => {
      clearTimeout(pressTimer.current);
      const wasTap = pointers.current.size === 1 && gesture.current.moved <= TAP_SLOP && !gesture.current.pressed;
      pointers.current.delete(e.pointerId);
      if (wasTap && e.type === "pointerup") tap.current(gesture.current.startTarget);
    };
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      const p = local(e);
      setTransform((t) => zoomAt(t, Math.exp(-e.deltaY * 0.0015), p.x, p.y));
    };
    el.addEventListener("pointerdown", down);
    el.addEventListener("pointermove", move);
    el.addEventListener("pointerup", up);
    el.addEventListener("pointercancel", up);
    el.addEventListener("wheel", wheel, { passive: false });
    return () => {
      el.removeEventListener("pointerdown", down);
      el.removeEventListener("pointermove", move);
      el.removeEventListener("pointerup", up);
      el.removeEventListener("pointercancel", up);
      el.removeEventListener("wheel", wheel);
    };
  }, []);

  const focus = (points: Array<{ x: number; y: number }>, pad: number, minScale: number) => {
    const el = frame.current;
    if (el && el.clientWidth > 0 && points.length > 0) setTransform(focusTransform(points, pad, el.clientWidth, el.clientHeight, minScale));
  };
  const show = (p: { x: number; y: number }, margin: number) => {
    const el = frame.current;
    if (el && el.clientWidth > 0) setTransform((t) => panToShow(t, p, el.clientWidth, el.clientHeight, margin));
  };
  const zoomBy = (factor: number) => {
    const el = frame.current;
    if (!el) return;
    setTransform((t) => zoomAt(t, factor, el.clientWidth / 2, el.clientHeight / 2));
  };
  return { frame, transform, fit, focus, show, zoomBy };
}
