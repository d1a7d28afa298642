import type { Config } from 'tailwindcss';

/**
 * The theme. Tailwind 4 reads it through `@config` in src/styles/index.css. Pillar colours are
 * named by meaning (data, ai, digital) so a page asks for `bg-data-600`, never for a hue.
 */
const blue = {
  50: '#eff6ff',
  100: '#dbeafe',
  200: '#bfdbfe',
  300: '#93c5fd',
  500: '#3b82f6',
  600: '#2563eb',
  700: '#1d4ed8',
  800: '#1e40af',
  900: '#1e3a8a',
};
const purple = {
  50: '#f5f3ff',
  100: '#ede9fe',
  200: '#ddd6fe',
  300: '#c4b5fd',
  500: '#8b5cf6',
  600: '#7c3aed',
  700: '#6d28d9',
  800: '#5b21b6',
  900: '#4c1d95',
};
const green = {
  50: '#ecfdf5',
  100: '#d1fae5',
  200: '#a7f3d0',
  300: '#6ee7b7',
  500: '#10b981',
  600: '#059669',
  700: '#047857',
  800: '#065f46',
  900: '#064e3b',
};

export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        ink: { DEFAULT: '#0b1f3a', soft: '#334155', muted: '#475569' },
        brand: { ...blue, DEFAULT: blue[700] },
        accent: { DEFAULT: '#f59e0b', soft: '#fef3c7' },
        data: blue,
        ai: purple,
        digital: green,
      },
      fontFamily: {
        sans: [
          'system-ui',
          '-apple-system',
          '"Segoe UI"',
          'Roboto',
          '"Helvetica Neue"',
          'Arial',
          'sans-serif',
        ],
      },
      fontSize: {
        'display-lg': [
          '3.5rem',
          { lineHeight: '1.05', letterSpacing: '-0.02em', fontWeight: '800' },
        ],
        display: ['2.75rem', { lineHeight: '1.1', letterSpacing: '-0.02em', fontWeight: '800' }],
        'display-sm': [
          '2.125rem',
          { lineHeight: '1.15', letterSpacing: '-0.015em', fontWeight: '700' },
        ],
      },
      spacing: {
        header: '4.5rem',
      },
      maxWidth: {
        content: '72rem',
        prose: '68ch',
      },
      scrollMargin: {
        header: '80px',
      },
    },
  },
} satisfies Config;
