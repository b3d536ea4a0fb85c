/**
 * The wheel's geometry. Option i fills the slice from i to i + 1 slices, clockwise from 12 o'clock;
 * the pointer sits at 12 o'clock, so a disc turned clockwise by `rotation` degrees shows under the
 * pointer the slice at angle -rotation.
 */

/** The option under the pointer when the disc is turned by `rotation` degrees. */
export function optionAtPointer(rotation: number, count: number): number {
  const slice = 360 / count;
  const angle = (((-rotation % 360) + 360) % 360) / slice;
  return Math.floor(angle + 1e-9) % count;
}

/**
 * The rotation that lands `index` under the pointer after at least `turns` whole turns from `from`.
 * `offset` in [-1, 1] moves the stop within the slice (never closer than 15 % to its edges).
 */
export function landingRotation(from: number, index: number, count: number, turns: number, offset = 0): number {
  const slice = 360 / count;
  const target = 360 - (index + 0.5 + Math.max(-1, Math.min(1, offset)) * 0.35) * slice;
  const base = Math.ceil(from / 360) * 360 + turns * 360;
  return base + target;
}

/** A point at `angle` degrees clockwise from 12 o'clock, `radius` from the centre `c`. */
export function point(c: number, radius: number, angle: number): [number, number] {
  const radians = (angle * Math.PI) / 180;
  return [c + radius * Math.sin(radians), c - radius * Math.cos(radians)];
}

/** The SVG path of option `index`'s slice. */
export function slicePath(c: number, radius: number, index: number, count: number): string {
  const slice = 360 / count;
  const [x0, y0] = point(c, radius, index * slice);
  const [x1, y1] = point(c, radius, (index + 1) * slice);
  const round = (n: number) => Math.round(n * 100) / 100;
  return `M${c} ${c}L${round(x0)} ${round(y0)}A${radius} ${radius} 0 ${slice > 180 ? 1 : 0} 1 ${round(x1)} ${round(y1)}Z`;
}

/**
 * How to turn the label of the slice whose middle is at `angle` so that it lies along the slice's radius
 * and reads left to right on screen once the disc is turned by `discRotation` degrees (give the rotation
 * the disc is turning to, so the labels read right where it stops). Text running outwards from the hub
 * would be upside down on the left half of the screen: there it runs inwards instead (half a turn more),
 * ending at the hub rather than starting from it.
 */
export function radialLabel(angle: number, discRotation = 0): { rotation: number; inward: boolean } {
  const outwards = angle - 90;
  const onScreen = ((outwards + discRotation) * Math.PI) / 180;
  const inward = Math.cos(onScreen) < -1e-9;
  return { rotation: inward ? angle + 90 : outwards, inward };
}
