import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { PrivacyPolicyPage } from './privacy-page';
import { TermsPage } from './terms-page';

// Harmless if the shared setup file already cleans up after each test.
afterEach(cleanup);

const TERMS_SECTIONS = [
  'Proprietary rights',
  'Limited licence',
  'Prohibited use',
  'Trademarks',
  'Submitted materials',
  'Prohibited conduct',
  'Indemnification',
  'Third-party sites and services',
  'Copyright agent',
  'Disclaimer of warranties',
  'Limitation of liability',
  'Changes to these terms',
  'Governing law and venue',
  'Contact us',
];

const PRIVACY_SECTIONS = [
  'Information we collect',
  'Cookies and local storage',
  'How we use and share information',
  'Data retention',
  'Data transfers',
  'Payment processing',
  'Your data-protection rights',
  'Children’s privacy',
  'California consumer privacy rights',
  'Contact us',
];

function sectionHeadings(): string[] {
  return screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent ?? '');
}

/** Heading levels in document order must start at 1 and never skip a level going down. */
function expectProperOutline(container: HTMLElement) {
  const levels = Array.from(container.querySelectorAll('h1, h2, h3, h4, h5, h6')).map((heading) =>
    Number(heading.tagName.slice(1)),
  );
  expect(levels[0]).toBe(1);
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  levels.forEach((level, index) => {
    const previous = levels[index - 1] ?? 0;
    expect(level - previous).toBeLessThanOrEqual(1);
  });
}

describe('TermsPage', () => {
  it('shows the title and the date it was last updated', () => {
    render(<TermsPage />);

    expect(
      screen.getByRole('heading', { level: 1, name: 'Terms and Conditions' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Last updated: Jan 5, 2024')).toBeInTheDocument();
  });

  it('has every required section, in order, as a level-2 heading', () => {
    const { container } = render(<TermsPage />);

    expect(sectionHeadings()).toEqual(TERMS_SECTIONS);
    expectProperOutline(container);
  });

  it('names Delaware courts as the exclusive venue and caps liability', () => {
    render(<TermsPage />);

    expect(
      screen.getByText(
        /courts located in the State of Delaware have exclusive jurisdiction and venue/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/twelve \(12\) months .* \(US\$100\)/)).toBeInTheDocument();
  });

  it('gives the copyright agent address and e-mail links', () => {
    render(<TermsPage />);

    expect(screen.getByText(/Attn: Copyright Agent/)).toBeInTheDocument();
    expect(screen.getByText(/251 Little Falls Drive/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'copyright@acebridge.io' })).toHaveAttribute(
      'href',
      'mailto:copyright@acebridge.io',
    );
    for (const link of screen.getAllByRole('link', { name: 'legal@acebridge.io' })) {
      expect(link).toHaveAttribute('href', 'mailto:legal@acebridge.io');
    }
  });
});

describe('PrivacyPolicyPage', () => {
  it('shows the title and the date it was last updated', () => {
    render(<PrivacyPolicyPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText('Last updated: July 20, 2022')).toBeInTheDocument();
  });

  it('has every required section, in order, as a level-2 heading', () => {
    const { container } = render(<PrivacyPolicyPage />);

    expect(sectionHeadings()).toEqual(PRIVACY_SECTIONS);
    expectProperOutline(container);
  });

  it('states the CCPA request deadlines and look-back period', () => {
    render(<PrivacyPolicyPage />);

    expect(screen.getByText(/free of charge within 45 days/)).toBeInTheDocument();
    expect(screen.getByText(/extend that period once by a further 45 days/)).toBeInTheDocument();
    expect(screen.getByText(/cover only the 12 months preceding/)).toBeInTheDocument();
  });

  it('states the age thresholds for minors', () => {
    render(<PrivacyPolicyPage />);

    expect(
      screen.getByText(/do not knowingly collect personal information from children under 13\./),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/consumers under 16 years of age without affirmative authorisation/),
    ).toBeInTheDocument();
    expect(screen.getByText(/under 18 years of age, .* remove content/)).toBeInTheDocument();
  });

  it('allows Shine the Light requests once a year and says Do Not Track is not honoured', () => {
    render(<PrivacyPolicyPage />);

    expect(screen.getByText(/once a year, free of charge/)).toBeInTheDocument();
    expect(screen.getByText(/We do not honour Do Not Track signals/)).toBeInTheDocument();
  });

  it('names the data the product collects, including the XSRF-TOKEN cookie', () => {
    render(<PrivacyPolicyPage />);

    expect(screen.getByText(/role ARN/)).toBeInTheDocument();
    expect(screen.getByText(/Our servers set this cookie/)).toBeInTheDocument();
    expect(screen.getByText('XSRF-TOKEN cookie.')).toBeInTheDocument();
  });

  it('offers contact by e-mail and by a contact page that opens in a new tab', () => {
    render(<PrivacyPolicyPage />);

    for (const link of screen.getAllByRole('link', { name: 'privacy@acebridge.io' })) {
      expect(link).toHaveAttribute('href', 'mailto:privacy@acebridge.io');
    }

    const contactLinks = screen.getAllByRole('link', { name: 'contact page' });
    expect(contactLinks.length).toBeGreaterThan(0);
    for (const link of contactLinks) {
      expect(link).toHaveAttribute('href', 'https://acebridge.io/contact');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')?.split(' ')).toEqual(
        expect.arrayContaining(['noopener', 'noreferrer']),
      );
    }
  });
});
