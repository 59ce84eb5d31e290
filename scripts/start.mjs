#!/usr/bin/env node
// `npm start`: builds the web app and the server when a build is missing or older than the
// sources, then runs the one server process (API, web app, public pages) in the foreground.
import { buildIfStale, serverBuild } from './build-if-stale.mjs';
import { runServer } from './run-server.mjs';

buildIfStale();
runServer(['--enable-source-maps', serverBuild]);
