/** How views move focus: onto an element nothing covers, with its label and message in view (src/effects/focus.ts). */
export { focusInView } from '@/effects/focus';
