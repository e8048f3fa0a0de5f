/** ADMIN_PASSWORD of the end-to-end test server (playwright.config.ts), which turns the site owner's dashboard on. */
export const E2E_ADMIN_PASSWORD = 'e2e site owner password';
