import { Button, type ButtonProps } from '@mantine/core';
import type { MouseEventHandler } from 'react';

type RowButtonProps = Omit<ButtonProps, 'size' | 'variant' | 'color'> & {
  onClick: MouseEventHandler<HTMLButtonElement>;
  /** A destructive action (delete): light red instead of the default grey. */
  danger?: boolean;
  'aria-label'?: string;
};

/** A compact button in a table row's actions cell. */
export function RowButton({ danger, ...props }: RowButtonProps) {
  return (
    <Button size="compact-sm" variant={danger ? 'light' : 'default'} color={danger ? 'red' : undefined} {...props} />
  );
}
