import type { ReactNode } from 'react';
import { LanguageSwitcher } from '../ui/language-switcher.tsx';
import { SimpleLayoutFrame } from './simple-layout-frame.tsx';

type LayoutProps = { children: ReactNode };

/** The minimal layout: sign-in and the sign-in callback. */
export function MinimalLayout({ children }: LayoutProps) {
  return (
    <SimpleLayoutFrame width="xs" languages={<LanguageSwitcher />}>
      {children}
    </SimpleLayoutFrame>
  );
}

/** The form layout: public data-collection forms, a wider column. */
export function FormLayout({ children }: LayoutProps) {
  return (
    <SimpleLayoutFrame width="sm" languages={<LanguageSwitcher />}>
      {children}
    </SimpleLayoutFrame>
  );
}
