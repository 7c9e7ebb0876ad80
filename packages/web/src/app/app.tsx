// SPDX-License-Identifier: Apache-2.0
import type { ReactElement } from 'react';
import { Providers } from './providers';
import { AppRouter } from './router';

export function App(): ReactElement {
  return (
    <Providers>
      <AppRouter />
    </Providers>
  );
}
