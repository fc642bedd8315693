// SKELETON (issue 8): replaced by the page itself.
export { default } from '@/features/centres/components/centre-page-pending';
