// SPDX-License-Identifier: Apache-2.0
import type { Session } from '@stowage/contracts';
import type { ReactElement } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { absentFeature } from '@/shared/session/capabilities';
import { AppShell } from './app-shell';
import { FeatureAbsentPage } from './feature-absent-page';
import { NoPagesPage, NotFoundPage } from './not-found-page';
import { reachableShellPages, shellPages } from './route-table';
import { fallbackPage } from './shell-rules';

/**
 * The shell's routes for one session (spec 1 §2.2): allowed pages render, known pages the session does not
 * allow redirect to the first allowed page (or, when the server lacks their feature, explain that), '/'
 * goes there too, anything else is '404 Not Found'.
 */
export function ShellRoutes({ session }: { session: Session }): ReactElement {
  const reachable = reachableShellPages(session.pages, session.distributedMode);
  const fallback = fallbackPage(session.pages, reachable);
  const toFallback = fallback ? <Navigate to={fallback} replace /> : <NoPagesPage />;
  const reachablePaths = new Set(reachable.map((p) => p.path));
  const allowed = new Set(session.pages);

  return (
    <Routes>
      <Route element={<AppShell session={session} />}>
        <Route index element={toFallback} />
        {shellPages.map((page) => {
          const Component = page.component;
          if (Component && reachablePaths.has(page.path)) {
            return <Route key={page.path} path={page.path} element={<Component />} />;
          }
          // Allowed but not built in this version: 404, registered explicitly so that '/users' does not
          // fall into the '/users/*' pattern of a page the session does not allow.
          const allowedHere = allowed.has(page.path) && (!page.distributedOnly || session.distributedMode);
          // A page the server lacks the feature of (issue 24) says so rather than moving the user away.
          const absent = allowedHere ? null : absentFeature(page.path, session.capabilities);
          if (absent !== null) {
            return <Route key={page.path} path={page.path} element={<FeatureAbsentPage absent={absent} />} />;
          }
          return (
            <Route key={page.path} path={page.path} element={allowedHere ? <NotFoundPage /> : toFallback} />
          );
        })}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
