import { useState } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Rate } from '../../src/components/rate.tsx';
import { Tabs } from '../../src/components/tabs.tsx';
import { ImageUploader, type UploaderItem } from '../../src/components/image-uploader.tsx';

afterEach(cleanup);

function Rating() {
  const [value, setValue] = useState(0);
  return <Rate value={value} onChange={setValue} label="Rating" />;
}

test('Rate: five radios, the chosen one checked and every star up to it lit', () => {
  render(<Rating />);
  const stars = screen.getAllByRole('radio');
  expect(stars).toHaveLength(5);
  fireEvent.click(screen.getByRole('radio', { name: '3 / 5' }));
  expect(screen.getByRole('radio', { checked: true }).getAttribute('aria-label')).toBe('3 / 5');
  expect(stars.map((star) => star.className.includes('--on'))).toEqual([true, true, true, false, false]);
});

test('Tabs: the selected tab labels the panel, arrow keys move the selection', () => {
  const onSelect = vi.fn();
  render(
    <Tabs
      tabs={[
        { key: 'a', title: 'In progress' },
        { key: 'b', title: 'Replied' },
      ]}
      selected="a"
      onSelect={onSelect}
    >
      <p>panel</p>
    </Tabs>,
  );
  expect(screen.getByRole('tabpanel', { name: 'In progress' }).textContent).toBe('panel');
  fireEvent.keyDown(screen.getByRole('tab', { name: 'In progress' }), { key: 'ArrowRight' });
  expect(onSelect).toHaveBeenCalledWith('b');
});

const labels = { add: 'Add image', remove: 'Remove image', image: 'Evidence image', uploading: 'Uploading' };

test('ImageUploader: passes on only as many files as still fit, and hides the add tile when full', () => {
  const onFiles = vi.fn();
  const items: UploaderItem[] = Array.from({ length: 7 }, (_, index) => ({
    id: String(index),
    previewUrl: `blob:${index}`,
    uploading: index === 6,
  }));
  const { container, rerender } = render(
    <ImageUploader items={items} max={9} onFiles={onFiles} onRemove={() => undefined} labels={labels} />,
  );
  const input = container.querySelector('input[type=file]') as HTMLInputElement;
  expect(input.accept).toBe('image/*');
  const files = ['a', 'b', 'c'].map((name) => new File(['x'], `${name}.jpg`, { type: 'image/jpeg' }));
  fireEvent.change(input, { target: { files } });
  expect(onFiles).toHaveBeenCalledWith(files.slice(0, 2));
  expect(screen.getByRole('listitem', { busy: true })).toBeTruthy();

  const full = [...items, ...['7', '8'].map((id) => ({ id, previewUrl: `blob:${id}`, uploading: false }))];
  rerender(
    <ImageUploader items={full} max={9} onFiles={onFiles} onRemove={() => undefined} labels={labels} />,
  );
  expect(container.querySelector('input[type=file]')).toBeNull();
  expect(screen.getAllByRole('button', { name: /Remove image/ })).toHaveLength(9);
});
