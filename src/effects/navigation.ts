/** The one place the site leaves the page: asked for by machines through `navigation.requested`. */
export function navigateTo(url: string, location: Location = window.location): void {
  location.assign(url);
}

/** Refused jump-menu targets are logged, never followed (spec §2 Jump menus). */
export function logRefusedTarget(value: string, reason: string, logger: Pick<Console, 'warn'> = console): void {
  logger.warn(`Jump menu target refused (${reason}): ${JSON.stringify(value)}`);
}
