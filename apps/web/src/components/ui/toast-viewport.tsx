// Its own module so the toast viewport is a lazy chunk (app/provider.tsx).
export { Notifications as default } from '@mantine/notifications';
