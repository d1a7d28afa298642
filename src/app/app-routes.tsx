import { Route, Routes } from 'react-router';

import { RootLayout } from '@/app/root-layout';
import { appRoutes, notFoundRoute } from '@/app/route-table';

export function AppRoutes() {
  const NotFound = notFoundRoute.page.Component;
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {appRoutes.map(({ pattern, page: { Component } }) => (
          <Route key={pattern} path={pattern} element={<Component />} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
