// The async boundary: shared libraries are negotiated before the app's code runs.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
