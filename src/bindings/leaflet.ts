/**
 * Leaflet and its stylesheet, loaded in the browser only (a dynamic `import()` where a map is drawn):
 * Leaflet touches `window` when it loads, and only pages with a map need it. The bundler makes
 * this a separate chunk whose stylesheet is linked when the chunk loads.
 */
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';

export default L;
