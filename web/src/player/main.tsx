import '../public/base.css';
import './player.css';
import { render } from 'react-dom';
import { BuilderPreview } from './BuilderPreview.tsx';
import { Player } from './Player.tsx';
import { isFramed } from '../public/frame.ts';
import { readRoute } from './route.ts';
import { chooseLanguage, showLanguage } from '../public/language.ts';

const root = document.getElementById('root');
if (!root) throw new Error('player.html has no #root element');

const route = readRoute(window.location, isFramed());
// The page's first words come in the visitor's language (the quiz may change it once it arrives).
void showLanguage(route.builder ? 'en' : chooseLanguage(null)).then(() =>
  render(route.builder ? <BuilderPreview /> : <Player route={route} />, root),
);
