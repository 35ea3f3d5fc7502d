// Its own module so the toast viewport is a lazy chunk (app/provider.tsx, issue #11).
export { Notifications as default } from '@mantine/notifications';
