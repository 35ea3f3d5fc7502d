import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support/sign-in.ts';

// A manager in São Paulo downloads a person's PDF report from the flyout, in Portuguese; anyone
// holding the PDF opens the verification page its code names and drops the file on it: the copy as issued
// matches, a copy changed by one byte does not. The code is read from the PDF's own text (Debian's
// poppler-utils, installed by .ci/run), as a reader would read it off the page.
const words = JSON.parse(readFileSync(new URL('../apps/web/src/locales/pt.json', import.meta.url), 'utf8')) as {
  profiles: { flyout: { title: string; downloadPdf: string } };
  verify: { drop: string; matchTitle: string; mismatchTitle: string };
};

test('[REPORT PDF]: a PDF report downloaded in Portuguese is recognised by its verification page', async ({
  page,
}, testInfo) => {
  await signIn(page, 'pt', DEMO.manager, '/pt/persons/co');
  await page.getByTestId('profile-row').first().getByRole('link').click();
  const flyout = page.getByRole('dialog', { name: words.profiles.flyout.title });
  const download = page.waitForEvent('download');
  await flyout.getByRole('button', { name: words.profiles.flyout.downloadPdf }).click();
  const pdf = testInfo.outputPath('report.pdf');
  await (await download).saveAs(pdf);

  const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
  const code = /\b[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}\b/.exec(text)?.[0];
  expect(code, 'the verification code printed on the PDF').toBeTruthy();

  await page.goto(`/pt/verify/${code}`);
  const drop = page.getByLabel(words.verify.drop);
  await drop.setInputFiles(pdf);
  await expect(page.getByTestId('verify-result')).toContainText(words.verify.matchTitle);

  const changed = testInfo.outputPath('changed.pdf');
  const bytes = readFileSync(pdf);
  const middle = Math.floor(bytes.length / 2);
  bytes[middle] = (bytes[middle] ?? 0) ^ 1;
  writeFileSync(changed, bytes);
  await drop.setInputFiles(changed);
  await expect(page.getByTestId('verify-result')).toContainText(words.verify.mismatchTitle);
});
