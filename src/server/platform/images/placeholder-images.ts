/**
 * The pictures the media endpoint answers with when a stored image cannot be served, so a page
 * shows the placeholder, never a broken image. The same files as public/images/ (a test keeps
 * them equal): a function's bundle does not carry the site's static files.
 */
export const PLACEHOLDER_SVG = {
  banner:
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">\n  <defs>\n    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">\n      <stop offset="0" stop-color="#0b1b33"/>\n      <stop offset="1" stop-color="#0b5fd4"/>\n    </linearGradient>\n    <radialGradient id="glow" cx=".5" cy=".5" r=".5">\n      <stop offset="0" stop-color="#fff" stop-opacity=".22"/>\n      <stop offset="1" stop-color="#fff" stop-opacity="0"/>\n    </radialGradient>\n  </defs>\n  <rect width="1200" height="630" fill="url(#bg)"/>\n  <g fill="none" stroke="#bfe3ff" stroke-opacity=".16">\n    <circle cx="140" cy="560" r="260" stroke-width="10"/>\n    <circle cx="1080" cy="80" r="200" stroke-width="6"/>\n    <circle cx="980" cy="520" r="120" stroke-width="3"/>\n  </g>\n  <circle cx="600" cy="305" r="250" fill="url(#glow)"/>\n  <rect x="470" y="175" width="260" height="260" rx="48" fill="#fff" fill-opacity=".12" stroke="#fff" stroke-opacity=".45" stroke-width="3"/>\n  <g transform="translate(516 221) scale(7)" fill="none" stroke="#fff" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round">\n    <path d="M5 3.5h9l5 5v12a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1v-16a1 1 0 0 1 1-1Z"/>\n    <path d="M14 3.5v5h5M7.5 12h9M7.5 15h9M7.5 18h5.5"/>\n  </g>\n</svg>\n',
  avatar:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" role="img" aria-label="Default profile image"><rect width="96" height="96" rx="48" fill="#e7f0fd"/><circle cx="48" cy="38" r="17" fill="#0b5fd4"/><path d="M17 82c4-16 17-25 31-25s27 9 31 25a47 47 0 0 1-62 0z" fill="#0b5fd4"/></svg>\n',
} as const;
