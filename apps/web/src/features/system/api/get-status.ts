// The status call moved to lib (several features read the flags); this path stays for the app.
export * from '@/lib/status';
