'use strict';
/**
 * The shared router: apps import 'react-router-dom'; the shell provides react-router-facade.mjs
 * under that key, so only the declarative API travels (see the facade's header).
 */
const path = require('node:path');

const ROUTER_SHARE_KEY = 'react-router-dom';
const ROUTER_FACADE = path.join(__dirname, 'react-router-facade.mjs');

/** Names an app may import from 'react-router-dom'. */
const ROUTER_EXPORTS = [
  'BrowserRouter',
  'HashRouter',
  'MemoryRouter',
  'Router',
  'Routes',
  'Route',
  'Navigate',
  'Outlet',
  'Link',
  'NavLink',
  'NavigationType',
  'useParams',
  'useNavigate',
  'useLocation',
  'useSearchParams',
  'useMatch',
  'useHref',
  'useInRouterContext',
  'useNavigationType',
  'useOutlet',
  'useOutletContext',
  'useResolvedPath',
  'useRoutes',
  'useLinkClickHandler',
  'useBeforeUnload',
  'generatePath',
  'matchPath',
  'matchRoutes',
  'createSearchParams',
  'resolvePath',
  'createPath',
  'parsePath',
  'createRoutesFromElements',
  'createRoutesFromChildren',
  'renderMatches',
];

module.exports = { ROUTER_SHARE_KEY, ROUTER_FACADE, ROUTER_EXPORTS };
