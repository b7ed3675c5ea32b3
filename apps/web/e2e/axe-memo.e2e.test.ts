import { axeFindings } from './axe.ts';
import { expect } from './expect.ts';
import { test } from './fixtures.ts';

/**
 * The worker's memory of the screens axe has held (`axe.ts`): a screen reached again under the same
 * name, address and width is not checked again, and its findings come back as they were, so a
 * screen that failed fails every test that reaches it; at another width it is checked anew.
 */

const SCREEN = 'a picture without a text alternative';

test('a screen axe has held is not checked again under the same key, and its findings come back', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.setContent(
    '<!DOCTYPE html><html lang="en"><head><title>Held once</title></head><body><main><h1>Held once</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main></body></html>',
  );
  const first = await axeFindings(page, SCREEN);
  expect(first.some((line) => line.includes('image-alt'))).toBe(true);

  // The picture gets its alternative: under the same key the first check's findings come back.
  await page.locator('img').evaluate((image) => image.setAttribute('alt', 'A dot'));
  expect(await axeFindings(page, SCREEN)).toEqual(first);

  // At another width the screen is another one: axe runs, and finds nothing now.
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await axeFindings(page, SCREEN)).toEqual([]);
});
